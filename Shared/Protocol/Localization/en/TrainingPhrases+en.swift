extension TrainingPhrases {
    package var en: String {
        switch self {
        // MARK: gorilla sessions: help
        case .helpSessions: "The training history: log a session, list, show, correct, comment, delete and export."
        case .helpLog: "Record a finished session without the stopwatch (hands-free)."
        case .helpLogDiscussion:
            """
            Each --set is "EXERCISE: SET, SET, ..." where SET is REPSxWEIGHT[kg|lb][@DURATION] (or METRESm[@DURATION] \
            for a distance exercise) with an optional type after a space or in parentheses (warmup, drop, failure; \
            normal by default) and an optional effort reached after a space (RPE 1–10 in half steps, or RIR), e.g.
              --set "Prensa: 12x80kg@40s, 10x85kg@38s" --set "Crunch: 20x0kg" --set "Curl: 8x30lb(drop)"
              --set "Rower: 2000m@7:30" --set "Squat: 8x100kg @8, 8x100kg rir 1"
            A client logs their own training: without --client. --from-file takes the same as JSON: {example}
            """
        case .helpLogClient: "The client (a client logging their own training leaves it out)."
        case .helpLogTraining: "The training (routine) followed."
        case .helpLogEvent: "The event this session fulfils (marked done)."
        case .helpLogDate: "Local start, \"YYYY-MM-DD HH:MM\" (default now)."
        case .helpLogMode: "handsfree (default) or realtime."
        case .helpSet: "\"EXERCISE: 12x80kg@40s, 10x85kg\" (repeatable)."
        case .helpLogFile: "A JSON file with the exercises and sets."
        case .helpLogNotes: "A note about the session."
        case .helpAllowNew: "Keep exercise names your catalogue does not have by name only, instead of refusing them."
        case .helpList: "Sessions, newest first (clients see their own)."
        case .helpListClient: "Only this client."
        case .helpShow: "A session's exercises and sets, totals, time under tension and comments."
        case .helpShowDiscussion:
            "--history lists every revision of the session (kept on the server: it needs the network)."
        case .helpSessionID: "The session id (or its short form)."
        case .helpShowHistory: "Every revision: when, by whom and what changed, oldest first."
        case .helpEdit: "Correct a finished session (a new revision; earlier ones stay readable with show --history)."
        case .helpEditDiscussion:
            """
            --set "EXERCISE: SET, SET" replaces that exercise's sets, with the syntax of sessions log (the exercise \
            is added when the session does not have it); --remove-exercise takes one out. A client corrects only the \
            sessions they logged themselves.
            """
        case .helpEditRemoveExercise: "An exercise to take out (repeatable)."
        case .helpEditNotes: "The session's notes (\"\" removes them)."
        case .helpEditDate: "Local start, \"YYYY-MM-DD HH:MM\" (the end moves with it)."
        case .helpComment: "Comment on a session: the coach to the client, or the client to the coach."
        case .helpCommentText: "The comment (1–{limit} characters)."
        case .helpRemove: "Delete a session from the history."
        case .helpRemoveYes: "Delete without asking (needed when there is no terminal to ask on)."
        case .helpExport: "Print a session as text, CSV or JSON."
        case .helpExportFormat: "txt, csv or json."

        // MARK: gorilla train: help
        case .helpTrain: "Train a client in real time (stopwatch) or fill in a hands-free session, full screen."
        case .helpTrainDiscussion:
            """
            Start with --client C, --event ID (its client) or --next (the event in progress, else the next scheduled \
            one; events name no training, so the session is free unless --training T is given). --repeat last starts \
            from the client's previous session: its exercises in order, last time's sets shown and its weights \
            prefilled. A session finished without a single set is not saved.

            The view follows the training's plan: each exercise shows its sets done against planned, the plan and \
            last time's sets; when an exercise's planned sets are done the next one is selected, and exercises of one \
            group (a superset or circuit, "group A" in the plan) take turns. After a set the planned rest counts down \
            and the terminal bell rings when it is over (without a planned rest the rest counts up).

            Real time: Space starts the set's stopwatch, then marks each repetition; Enter ends the set; w sets the \
            weight; p pauses.

            Hands-free (--hands-free, in yellow): a form, nothing timed. Each planned set is shown prefilled from the \
            plan and last time: Enter confirms it, or type the set as done (10, 10x82.5kg, 45s) and Enter; s passes \
            over a set. The session's times are the event's, else the training's length up to now, or --start/--end.

            Both: ↑/↓ or k/j select an exercise; a picks one from the catalogue (type to narrow, small typos are \
            forgiven, ↑/↓ and Enter; the last line creates a new exercise); x removes one; K/J move it up or down; e \
            edits the sets of the selected exercise (←/→ choose, Enter change, d delete, t type); t changes the next \
            set's type (back to normal on another exercise); n writes a note; u undoes the last rep, set or pass; q \
            finishes (summary, then Enter or y saves); Esc cancels.

            Every step is kept on this device: after a crash, gorilla train --resume continues.

            --edit ID opens a finished session in the same view (as a form) to correct it: e edits or deletes its \
            sets, a typed set adds one, a/x/K/J add, remove and move exercises, n changes the note; saving stores a \
            new revision of it (gorilla sessions show ID --history lists them).
            """
        case .helpTrainClient: "The client (taken from the event with --event or --next)."
        case .helpTrainTraining: "The training (routine) to follow."
        case .helpTrainFree: "Add exercises as you go."
        case .helpTrainEvent: "The event this session fulfils (marked done when saved); its client trains."
        case .helpTrainNext: "Start the event in progress now, else the next scheduled one (marked done when saved)."
        case .helpTrainRepeat: "{last}: start from the client's previous session."
        case .helpTrainHandsFree: "Fill in the session afterwards as a form: no stopwatch."
        case .helpTrainStart: "Hands-free: when the session started, \"YYYY-MM-DD HH:MM\" (default: the event's start)."
        case .helpTrainEnd: "Hands-free: when it ended, \"YYYY-MM-DD HH:MM\" or \"HH:MM\" (default: start + length)."
        case .helpTrainResume: "Continue the unfinished session of this device, else the newest of your other devices."
        case .helpTrainEdit: "Open the view on a finished session to correct it (a new revision of it)."
        case .trainEditAlone: "--edit ID opens that session to correct it: give it alone"
        case .trainResumeAlone: "--resume continues the unfinished session: give it alone"

        // MARK: gorilla train: starting, resuming and drafts
        case .nextAlone: "--next picks the client and the event itself: give it without --client or --event"
        case .startEndNeedHandsFree:
            "--start and --end give the times of a hands-free session: add --hands-free (real time is timed)"
        case .trainingOrFree: "give --training T or --free, not both"
        case .repeatInvalid: "--repeat takes {last}, not '{text}'"
        case .repeatAlone: "--repeat takes the exercises from an earlier session: give it without --training or --free"
        case .noUnfinishedSessionHere: "no unfinished session on this device; start one with: gorilla train --client C"
        case .noUnfinishedSessionAnywhere:
            "no unfinished session on this device or your other devices; start one with: gorilla train --client C"
        case .sessionContinuesElsewhere: "the session continues on another device"
        case .anotherDevice: "another device"
        case .deviceNamed: "device {id}"
        case .draftKeptHereOnly: "the unfinished session is kept on this device only ({problem})"
        case .offlineQueued: "offline — {count|change|changes} queued; the server did not answer in time"
        case .eventWithAnotherClient: "event {id} is with another client"
        case .eventClientNotHere: "the client of event {id} is not on this device"
        case .whoTrains: "give --client C, --event ID or --next (or --resume)"
        case .localTimeFormat: "{option} must be \"YYYY-MM-DD HH:MM\" (local time), not '{text}'"
        case .endAfterStart: "--end must come after --start"
        case .sessionStillUnfinished:
            """
            a session is still unfinished on this device; continue it with: gorilla train --resume (Esc there \
            discards it)
            """
        case .noEventToStart:
            """
            no scheduled event now or later to start; schedule one with: gorilla events add --client C --at \
            "YYYY-MM-DD HH:MM" (or start with --client C)
            """
        case .noSessionToRepeat: "{name} has no previous session to repeat; start one with: gorilla train --client C"
        case .trainNeedsTerminalHint: "use gorilla sessions log to record without one"

        // MARK: gorilla sessions: errors and questions
        case .unknownExerciseHint: "add it with: gorilla exercises add NAME, or keep it by name only with --allow-new"
        case .sessionClientNotHere: "the client of session {id} is not on this device"
        case .commentNeedsRegisteredClient: "{name} has not registered yet; comments need a registered client"
        case .yourCoach: "your coach"
        case .you: "you"
        case .sayWhatToCorrect:
            "say what to correct: --set \"EXERCISE: 12x80kg, 10x85kg\", --remove-exercise NAME, --notes T or --date D"
        case .historyOnServer: "the history of a session is kept on the server: {message}"
        case .historyNotYet: "session {id} is not on the server yet; its history starts with the next sync"
        case .coachRecordedIt: "a session your coach recorded can only be corrected by your coach"
        case .keepsOneSetToDelete: "a session keeps at least one set; to delete it: gorilla sessions rm {id}"
        case .sessionTooLarge: "a session holds at most {exercises} exercises of {sets} sets each"
        case .exerciseAmbiguous: "'{name}' matches several exercises of the session: {names}"
        case .exerciseNotInSession: "the session has no exercise '{name}' (it has: {names})"
        case .noneOfThem: "none"
        case .logNeedsASet: "give at least one --set \"EXERCISE: 12x80kg@40s, 10x85kg\" (or --from-file FILE)"
        case .logNothingRecorded:
            "nothing recorded; no session saved: give at least one set, e.g. --set \"EXERCISE: 12x80kg\""
        case .modeValues: "--mode is handsfree or realtime"
        case .eventHasASession: "event {id} already has a session ({when}); this is a second one"
        case .eventAlreadyDone: "event {id} is already done; this is a second session for it"
        case .actionDeleteSessions: "delete sessions"
        case .confirmDeleteSession: "Delete the session of {client} on {when} ({id})?"
        case .nameTheClient: "name the client: --client C"
        case .clientOwnSessionsOnly: "a client records and sees only their own sessions: leave out --client"
        case .noProfileYet: "this device has not received your profile yet; run: gorilla sync"
        case .dayFormat: "{option} must be YYYY-MM-DD"
        case .exportFormats: "--format is txt, csv or json"
        case .fileUnreadable: "cannot read {path}"
        case .fileNotJSON: "{path}: not valid JSON ({detail})"
        case .fileMissingKey: "{path}: missing '{key}' at {where}"
        case .fileWrongValue: "{path}: wrong value at {where} ({detail})"

        // MARK: gorilla train: the view
        case .screenModeCorrecting: "CORRECTING"
        case .screenModeRealTime: "REAL TIME"
        case .screenModeHandsFree: "HANDS-FREE"
        case .screenPaused: "[PAUSED]"
        case .screenSessionTime: "session {time}"
        case .screenFrom: "from {start}"
        case .screenExercises: "Exercises"
        case .screenNoExercises: "(none yet — press a to add one from the catalogue)"
        case .screenHeaderExercise: "Exercise"
        case .screenHeaderDone: "Done"
        case .screenHeaderPlan: "Plan"
        case .screenHeaderLastTime: "Last time"
        case .screenSetOf: "Set {number} of {planned}"
        case .screenSet: "Set {number}"
        case .screenTarget: "target {target}"
        case .screenSetRunning: "reps {reps}   stopwatch {time}"
        case .screenRestLeft: "rest {left} left of {planned}"
        case .screenRestOver: "REST OVER — {over} past the planned {planned}"
        case .screenSpaceStartsNextSet: "(Space starts the next set)"
        case .screenResting: "resting {rest}"
        case .screenReady: "ready   (Space starts the set)"
        case .screenFormKeys: "Enter confirms · type to correct (10x82.5kg) · s passes over"
        case .screenTypeTheSet: "type the set ({examples}), Enter"
        case .screenToday: "today: {sets}"
        case .editingKeys: "editing sets: ←→ choose  Enter change  d delete  t type  e done"
        case .countReps: "reps"
        case .countTime: "time"
        case .countDistance: "distance"
        case .screenCreateExercise: "+ create '{name}' as a new exercise"
        case .screenCatalogueEmpty: "(the catalogue is empty: type a name to create one)"
        case .screenNote: "Note: "
        case .screenKeysEditing: "←→ set  ↑↓ exercise  Enter change  d delete  t type  e/Esc done"
        case .screenKeysCommon:
            "↑↓ select  a add  x remove  K/J move  t type  e edit sets  n note  u undo  q finish  Esc cancel"
        case .screenKeysRealTime: "Space start/rep  Enter end set  w weight  p pause  {common}"
        case .screenKeysForm: "Enter confirm  0-9 correct  s pass over  w weight  {common}"
        case .setTypeNormal: "Normal"
        case .setTypeWarmup: "Warmup"
        case .setTypeDrop: "Drop"
        case .setTypeFailure: "Failure"

        // MARK: gorilla train: questions
        case .promptWeight: "Weight for the next sets (e.g. 80, 22.5lb), Enter: "
        case .promptReps: "Reps of that set, Enter: "
        case .promptAddExercise: "Exercise (type to narrow, ↑↓ choose, Enter add, Esc back): "
        case .promptNote: "Note on this session, Enter: "
        case .promptEditSet: "Set (e.g. 10x82.5kg, 8x60kg drop), Enter: "
        case .promptDiscard: "Discard this session? [y/n] "
        case .promptRemove: "Remove {name} and its {count|sets|sets}? [y/n] "
        case .promptEverySetDeleted:
            "Every set is deleted: a session keeps at least one (sessions rm deletes it). Go back? [Y/n] "
        case .promptNothingRecorded: "Nothing recorded: no session will be saved. Leave? [Y/n] "
        case .promptSummary: "Summary: {exercises|exercises|exercises}, {sets|sets|sets}, {reps|reps|reps}, {time}. "
        case .promptSaveCorrection: "Save the correction? [Y/n] "
        case .promptSaveSession: "Save session? [Y/n] "

        // MARK: gorilla train: what a key did
        case .noticePaused: "paused — p resumes"
        case .noticeAddExerciseFirst: "add an exercise first (a)"
        case .noticeNoSetRunning: "no set running (Space starts one)"
        case .noticeTypeTheSet: "type the set, e.g. 12x80kg, then Enter"
        case .noticeBadTypedSet: "a set is REPS or REPSxWEIGHT[kg|lb], e.g. 10 or 10x82.5kg"
        case .noticeOrATime: ", or a time such as 45s"
        case .noticeNothingToPassOver: "no planned set to pass over here"
        case .noticePassedOver: "passed over set {number} of {exercise}"
        case .noticeTooManySets: "{exercise} has the most sets a session can keep"
        case .noticeNext: "next: {exercise}"
        case .noticePlanDone: "every planned set is done — q finishes"
        case .noticeEndSetFirst: "end the set first (Enter)"
        case .noticeRemoved: "removed {exercise}"
        case .noticeTooManyExercises: "a session holds at most {limit} exercises"
        case .noticeAdded: "added {exercise}"
        case .noticeAddedNew: "added {exercise} (new: added to the catalogue when saved)"
        case .noticeNoSetToEdit: "no set of this exercise to edit"
        case .noticeDeletedSet: "deleted set {number} of {exercise} ({set})"
        case .noticeToDoAgain: "set {number} of {exercise} is to do again"
        case .noticeUndone: "removed set {number} of {exercise} ({set})"
        case .noticeNothingToUndo: "nothing to undo"
        case .noticeKeepsOneSet: "a session keeps at least one set; gorilla sessions rm ID deletes it"
        case .noticeBadWeight: "weight: a number from {lowest} to {highest}, optionally followed by kg or lb"
        case .noticeNoteRemoved: "note removed"
        case .noticeNoteKept: "note kept"
        case .noticeBadEditedSet: "a set is REPSxWEIGHT[kg|lb] with an optional type, e.g. 10x82.5kg or 8x60kg drop"
        case .noticeChanged: "set {number} of {exercise} is now {set}"
        case .noticeTypeAName: "type a name to look for"
        case .noticeNoExerciseChosen: "no exercise chosen"

        // MARK: Sets (--set, the view) and plans (--plan): syntax errors
        case .setsNoColon: "expected \"EXERCISE: SET, SET, ...\" (no ':' after the exercise name)"
        case .exerciseNameMissing: "the exercise name is missing before ':'"
        case .noSetsAfterName: "no sets after '{name}:'"
        case .emptySet: "an empty set (two commas in a row?)"
        case .setOfExercise: "set {number} of '{name}': {reason}"
        case .decimalCommaHint:
            " (a comma between two digits is a decimal comma: separate sets with a comma and a space)"
        case .setWithoutSpaces:
            """
            write a set without spaces, e.g. 10x50kg or 12x80kg@40s (only a type such as warmup goes after a space: \
            10x50kg warmup)
            """
        case .setWrittenAsPlan:
            """
            this is the form of a plan (SETSxREPS@LOAD, as in trainings --plan); a performed set is \
            REPSxWEIGHT[kg|lb][@DURATION], e.g. 12x80kg@40s
            """
        case .setReps:
            """
            expected REPSxWEIGHT[kg|lb][@DURATION] with REPS a whole number from {lowest} to {highest} (or \
            METRESm[@DURATION] for a distance, e.g. 2000m@7:30)
            """
        case .setWeight:
            "the weight must be a number from {lowest} to {highest} followed by kg or lb (e.g. 80kg, 22.5lb)"
        case .setDistance: "a distance is metres or kilometres, e.g. 2000m or 2km (at most {km} km)"
        case .unknownSetType: "unknown set type '{type}' ({names} or {last})"
        case .setDuration: "the duration after '@' must look like 40s, 1m30s or 1:30 (at most {hours} h)"
        case .planNoColon:
            "expected \"EXERCISE: SETSxREPS@LOAD\" (no ':' after the exercise name), e.g. \"Squat: 4x12@80kg rest 90s\""
        case .noPlanAfterName: "no plan after '{name}:' (e.g. 4x12@80kg rest 90s)"
        case .planOfExercise: "the plan of '{name}': {reason}"
        case .planForm: "a plan is SETSxREPS@LOAD [{rest} TIME]: 4x12@80kg rest 90s, 12,10,8@80kg, 3x45s, 1x2000m"
        case .planGroup:
            "a group is one word of at most {length} characters at the end, after {group}: 3x10@60kg group A"
        case .setEffort:
            "the effort reached is RPE 1 to 10 in half steps after a space, or RIR 0 to 9: "
                + "8x100kg @8, 8x100kg @rpe 7.5, 8x100kg rir 2"
        case .planEffort:
            "the effort is RPE 6 to 10 in half steps, or RIR 0 to 4: "
                + "3x8@RPE8, 3x8@rpe 7.5, 3x8 RIR2, 3x8@80kg RPE8"
        case .planTooManySets: "too many sets"
        case .planWrittenAsSet: "this is the form of a performed set (REPSxWEIGHT, as in --set); {form}"
        case .planDistance: "the distance must look like 2000m or 2km (at most {longestKm} km)"
        case .planLoad: "the load after '@' must be a number from {lowest} to {highest} with kg or lb, e.g. @80kg"
        case .planWholeSets: "the sets must be a whole number from {lowest} to {highest}; {form}"
        case .planWholeReps: "the reps must be a whole number from {lowest} to {highest}; {form}"
        case .planWholeEachSetReps: "each set's reps must be a whole number from {lowest} to {highest}; {form}"
        case .planRestForm: "the rest must look like 90s, 2min, 1m30s or 1:30"
        case .planSetTimeForm: "the time of a set must look like 90s, 2min, 1m30s or 1:30"
        case .planRestRange: "the rest must be from {lowest} to {highest} seconds"
        case .planSetTimeRange: "the time of a set must be from {lowest} to {highest} seconds"

        // MARK: gorilla sessions and train: results
        case .savedLogged:
            "Logged a session of {client} on {when}: {exercises|exercise|exercises}, {sets|set|sets} ({id})."
        case .savedTrained:
            "Saved the session of {client}: {exercises|exercise|exercises}, {sets|set|sets}, {reps|reps|reps} ({id})."
        case .savedUnchanged: "Nothing to correct in the session of {client} ({id}): it already holds that."
        case .savedCorrected:
            "Corrected the session of {client}{when}: {exercises|exercise|exercises}, {sets|set|sets}{revision} ({id})."
        case .savedOnDay: " on {when}"
        case .savedNowRevision: ", now revision {revision}"
        case .noteWarning: "warning: {text}"
        case .noteUnknownExercise: "note: '{name}' is not in your exercises; kept by name only"
        case .listEmptyRange: "No sessions in that range."
        case .listEmptyCoach:
            """
            No sessions yet. Record one with: gorilla train --client C, or gorilla sessions log --client C --set \
            "EXERCISE: 12x80kg"
            """
        case .listEmptyClient:
            """
            No sessions yet. Record one with: gorilla train --free, or gorilla sessions log --set "EXERCISE: 12x80kg"
            """
        case .modeRealTime: "realtime"
        case .modeHandsFree: "handsfree"
        case .listSelfLogged: "{mode}, self-logged"
        case .listRecordedBy: "{mode}, recorded by {who}"
        case .detailRecordedBy: "by {who}"
        case .headerWhen: "WHEN"
        case .headerClient: "CLIENT"
        case .headerMode: "MODE"
        case .headerTraining: "TRAINING"
        case .headerExercises: "EXERCISES"
        case .headerSets: "SETS"
        case .headerVolume: "VOLUME"
        case .headerID: "ID"
        case .detailSession: "session {id}  ({mode})"
        case .labelClient: "client:"
        case .labelWhen: "when:"
        case .labelRecorded: "recorded:"
        case .labelRevision: "revision:"
        case .labelTraining: "training:"
        case .labelEvent: "event:"
        case .labelNotes: "notes:"
        case .labelTotals: "totals:"
        case .labelComments: "comments:"
        case .detailPaused: ", paused {time}"
        case .detailSelfLogged: "self-logged by the client"
        case .detailRevision: "{revision} (earlier ones: gorilla sessions show {id} --history)"
        case .detailRest: "rest {time}"
        case .detailRepsAt: "reps at {times} s"
        case .detailTotals: "{sets|sets|sets}, {reps|reps|reps}, volume {volume}, time under tension {tension}"
        case .commentQueued: "queued"
        case .sessionDeleted: "Deleted session {id}."
        case .exportTitle: "Training session"
        case .exportNotes: "Notes: "
        case .endUnfinished: "Session kept; continue it here or on another of your devices with: gorilla train --resume"
        case .endDiscarded: "Session discarded."
        case .endEmpty: "Nothing recorded; no session saved."
        case .endSince: " since {when}"
        case .endFinishedElsewhere:
            "This session continued on '{device}'{since} and was finished there; this device's copy was dropped."
        case .endContinuesElsewhere:
            """
            This session continues on '{device}'{since}; this device's copy was dropped. To move it back here: \
            gorilla train --resume
            """

        // MARK: gorilla sessions show --history and comment
        case .historyTitle: "Session {id} of {client}: {count|revision|revisions}"
        case .historyRecordedBy: "revision {revision}  {when}  recorded by {who}"
        case .historyCorrectedBy: "revision {revision}  {when}  corrected by {who}"
        case .historyByYou: "you"
        case .roleCoach: "coach"
        case .roleClient: "client"
        case .historyNotes: "notes: {notes}"
        case .historyNoSets: "no sets"
        case .historyNotesRemoved: "notes removed"
        case .historyStart: "start: {when}"
        case .historyEnd: "end: {when}"
        case .historyPaused: "paused: {time}"
        case .historyNoChange: "(no visible change)"
        case .commentDay: " of {when}"
        case .commentSent: "Commented on the session{day}; sent to {to}."
        case .commentQueuedFor: "Comment on the session{day} queued for {to}; it is sent on the next sync."

        // MARK: Sets, lengths and times as a person reads them
        case .setRepsOnly: "{reps|rep|reps}"
        case .setDistanceIn: "{distance} in {time}"
        case .lengthSeconds: "{seconds} s"
        case .lengthMinutes: "{minutes} min"
        case .lengthHours: "{hours} h"
        case .lengthHoursMinutes: "{hours} h {minutes} min"
        case .endDiscardedElsewhere:
            """
            This session continued on '{device}'{since} and was discarded there, unsaved; this device's copy was \
            dropped.
            """
        case .logMatched: "note: '{typed}' taken as '{name}'"
        case .helpLogDuration:
            """
            How long the session lasted: minutes (60) or 45m, 1h, 1h30m (default: the training's planned length, \
            else 60 minutes).
            """
        case .helpEditDuration: "How long the session lasted: minutes (60) or 45m, 1h, 1h30m (the end moves)."
        case .durationRange:
            """
            {option} takes minutes (60) or 45m, 1h, 1h30m, from {lowest} minute to {highest} hours; not '{text}'
            """
        }
    }
}
