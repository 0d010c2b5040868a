extension TrainingPhrases {
    package var ca: String {
        switch self {
        // MARK: gorilla sessions: help
        case .helpSessions:
            "L'historial d'entrenament: registra una sessió, llista, mostra, corregeix, comenta, esborra i exporta."
        case .helpLog: "Registra una sessió acabada sense el cronòmetre (mans lliures)."
        case .helpLogDiscussion:
            """
            Cada --set és "EXERCICI: SÈRIE, SÈRIE, ..." on SÈRIE és REPSxPES[kg|lb][@DURADA] (o METRESm[@DURADA] per \
            a un exercici de distància) amb un tipus opcional després d'un espai o entre parèntesis (escalfament, \
            descendent o fallada, o warmup, drop o failure; normal per defecte) i un esforç assolit opcional \
            després d'un espai (RPE de 1 a 10 en mitjos punts, o RIR); el pes admet coma decimal (62,5kg). Per exemple:
              --set "Prensa: 12x80kg@40s, 10x85kg@38s" --set "Crunch: 20x0kg" --set "Curl: 8x30lb(drop)"
              --set "Rower: 2000m@7:30" --set "Sentadilla: 8x100kg @8, 8x100kg rir 1"
            Un client registra el seu propi entrenament: sense --client. --from-file accepta el mateix en JSON: \
            {example}
            """
        case .helpLogClient: "El client (un client que registra el seu propi entrenament no l'indica)."
        case .helpLogTraining: "L'entrenament (rutina) seguit."
        case .helpLogEvent: "La cita que compleix aquesta sessió (es marca com a feta)."
        case .helpLogDate: "Inici en hora local, \"YYYY-MM-DD HH:MM\" (per defecte, ara)."
        case .helpLogMode: "handsfree (mans lliures, per defecte) o realtime (temps real)."
        case .helpSet: "\"EXERCICI: 12x80kg@40s, 10x85kg\" (es pot repetir)."
        case .helpLogFile: "Un fitxer JSON amb els exercicis i les sèries."
        case .helpLogNotes: "Una nota sobre la sessió."
        case .helpAllowNew: "Desa només pel nom els exercicis que el teu catàleg no té, en lloc de rebutjar-los."
        case .helpList: "Les sessions, de la més recent a la més antiga (els clients veuen les seves)."
        case .helpListClient: "Només aquest client."
        case .helpShow: "Els exercicis i les sèries d'una sessió, els totals, el temps sota tensió i els comentaris."
        case .helpShowDiscussion:
            "--history llista totes les revisions de la sessió (es guarden al servidor: cal connexió)."
        case .helpSessionID: "L'identificador de la sessió (o la seva forma curta)."
        case .helpShowHistory: "Totes les revisions: quan, qui i què va canviar, de la més antiga a la més recent."
        case .helpEdit:
            "Corregeix una sessió acabada (una revisió nova; les anteriors es poden llegir amb show --history)."
        case .helpEditDiscussion:
            """
            --set "EXERCICI: SÈRIE, SÈRIE" substitueix les sèries d'aquell exercici, amb la sintaxi de sessions log \
            (l'exercici s'afegeix si la sessió no el té); --remove-exercise en treu un. Un client només corregeix les \
            sessions que ha registrat ell mateix.
            """
        case .helpEditRemoveExercise: "Un exercici per treure (es pot repetir)."
        case .helpEditNotes: "Les notes de la sessió (\"\" les esborra)."
        case .helpEditDate: "Inici en hora local, \"YYYY-MM-DD HH:MM\" (el final es mou amb ell)."
        case .helpComment: "Comenta una sessió: l'entrenador al client, o el client a l'entrenador."
        case .helpCommentText: "El comentari (d’1 a {limit} caràcters)."
        case .helpRemove: "Esborra una sessió de l'historial."
        case .helpRemoveYes: "Esborra sense preguntar (cal quan no hi ha cap terminal on preguntar)."
        case .helpExport: "Mostra una sessió com a text, CSV o JSON."
        case .helpExportFormat: "txt, csv o json."

        // MARK: gorilla train: help
        case .helpTrain:
            "Entrena un client en temps real (cronòmetre) o omple una sessió de mans lliures, a pantalla completa."
        case .helpTrainDiscussion:
            """
            Comença amb --client C, --event ID (el seu client) o --next (la cita en curs, si no, la següent \
            programada; les cites no indiquen cap entrenament, així que la sessió és lliure si no s'hi afegeix \
            --training T). --repeat últim parteix de la sessió anterior del client: els seus exercicis en ordre, les \
            sèries de l'última vegada a la vista i els pesos ja omplerts. Una sessió acabada sense cap sèrie no es \
            desa.

            La vista segueix el pla de l'entrenament: cada exercici mostra les sèries fetes davant de les previstes, \
            el pla i les sèries de l'última vegada; quan s'han fet les sèries previstes d'un exercici se selecciona \
            el següent, i els exercicis d'un grup (una superserie o un circuit, "group A" al pla) s'alternen. Després \
            d'una sèrie, el descans previst compta enrere i el terminal fa sonar el timbre quan s'acaba (sense \
            descans previst, el descans compta endavant).

            Temps real: Espai engega el cronòmetre de la sèrie i després marca cada repetició; Retorn acaba la sèrie; \
            w indica el pes; p fa una pausa.

            Mans lliures (--hands-free, en groc): un formulari, sense cronometrar res. Cada sèrie prevista apareix \
            omplerta amb el pla i l'última vegada: Retorn la confirma, o escriu la sèrie tal com s'ha fet (10, \
            10x82,5kg, 45s) i Retorn; s passa per alt una sèrie. Les hores de la sessió són les de la cita, si no, la \
            durada de l'entrenament fins ara, o --start/--end.

            En tots dos: ↑/↓ o k/j seleccionen un exercici; a en tria un del catàleg (escriu per filtrar, es perdonen \
            petites errades, ↑/↓ i Retorn; l'última línia crea un exercici nou); x en treu un; K/J el mouen amunt o \
            avall; e edita les sèries de l'exercici seleccionat (←/→ tria, Retorn canvia, d esborra, t tipus); t \
            canvia el tipus de la sèrie següent (torna a normal en un altre exercici); n escriu una nota; u desfà \
            l'última repetició, sèrie o salt; q acaba (resum, després Retorn o s desa); Esc cancel·la.

            Cada pas es desa en aquest dispositiu: després d'una aturada inesperada, gorilla train --resume continua.

            --edit ID obre una sessió acabada a la mateixa vista (com a formulari) per corregir-la: e edita o esborra \
            les seves sèries, una sèrie escrita n'afegeix una, a/x/K/J afegeixen, treuen i mouen exercicis, n canvia \
            la nota; en desar-la se'n guarda una revisió nova (gorilla sessions show ID --history les llista).
            """
        case .helpTrainClient: "El client (es pren de la cita amb --event o --next)."
        case .helpTrainTraining: "L'entrenament (rutina) que cal seguir."
        case .helpTrainFree: "Afegeix exercicis sobre la marxa."
        case .helpTrainEvent:
            "La cita que compleix aquesta sessió (es marca com a feta en desar-la); entrena el seu client."
        case .helpTrainNext: "Comença la cita en curs ara, si no, la següent programada (es marca com a feta en desar)."
        case .helpTrainRepeat: "{last}: parteix de la sessió anterior del client."
        case .helpTrainHandsFree: "Omple la sessió després, com un formulari: sense cronòmetre."
        case .helpTrainStart:
            "Mans lliures: quan va començar la sessió, \"YYYY-MM-DD HH:MM\" (per defecte: l'inici de la cita)."
        case .helpTrainEnd:
            "Mans lliures: quan va acabar, \"YYYY-MM-DD HH:MM\" o \"HH:MM\" (per defecte: inici + durada)."
        case .helpTrainResume:
            "Continua la sessió inacabada d'aquest dispositiu, si no, la més recent dels teus altres dispositius."
        case .helpTrainEdit: "Obre la vista sobre una sessió acabada per corregir-la (una revisió nova)."
        case .trainEditAlone: "--edit ID obre aquella sessió per corregir-la: fes-lo servir sense cap altra opció"
        case .trainResumeAlone: "--resume continua la sessió inacabada: fes-lo servir sense cap altra opció"

        // MARK: gorilla train: starting, resuming and drafts
        case .nextAlone: "--next tria ell mateix el client i la cita: fes-lo servir sense --client ni --event"
        case .startEndNeedHandsFree:
            """
            --start i --end indiquen les hores d'una sessió de mans lliures: afegeix --hands-free (el temps real es \
            cronometra)
            """
        case .trainingOrFree: "indica --training T o --free, no tots dos"
        case .repeatInvalid: "--repeat accepta {last}, no '{text}'"
        case .repeatAlone: "--repeat pren els exercicis d'una sessió anterior: fes-lo servir sense --training ni --free"
        case .noUnfinishedSessionHere:
            "no hi ha cap sessió inacabada en aquest dispositiu; comença'n una amb: gorilla train --client C"
        case .noUnfinishedSessionAnywhere:
            """
            no hi ha cap sessió inacabada en aquest dispositiu ni en els teus altres dispositius; comença'n una amb: \
            gorilla train --client C
            """
        case .sessionContinuesElsewhere: "la sessió continua en un altre dispositiu"
        case .anotherDevice: "un altre dispositiu"
        case .deviceNamed: "dispositiu {id}"
        case .draftKeptHereOnly: "la sessió inacabada es guarda només en aquest dispositiu ({problem})"
        case .offlineQueued:
            "sense connexió — {count|canvi pendent|canvis pendents} d'enviar; el servidor no ha respost a temps"
        case .eventWithAnotherClient: "la cita {id} és amb un altre client"
        case .eventClientNotHere: "el client de la cita {id} no és en aquest dispositiu"
        case .whoTrains: "indica --client C, --event ID o --next (o --resume)"
        case .localTimeFormat: "{option} ha de ser \"YYYY-MM-DD HH:MM\" (hora local), no '{text}'"
        case .endAfterStart: "--end ha de ser posterior a --start"
        case .sessionStillUnfinished:
            """
            encara hi ha una sessió inacabada en aquest dispositiu; continua-la amb: gorilla train --resume (allà, \
            Esc la descarta)
            """
        case .noEventToStart:
            """
            no hi ha cap cita programada ara ni més tard per començar; programa'n una amb: gorilla events add \
            --client C --at "YYYY-MM-DD HH:MM" (o comença amb --client C)
            """
        case .noSessionToRepeat:
            "{name} no té cap sessió anterior per repetir; comença'n una amb: gorilla train --client C"
        case .trainNeedsTerminalHint: "fes servir gorilla sessions log per registrar sense terminal"

        // MARK: gorilla sessions: errors and questions
        case .unknownExerciseHint: "afegeix-lo amb: gorilla exercises add NOM, o desa'l només pel nom amb --allow-new"
        case .sessionClientNotHere: "el client de la sessió {id} no és en aquest dispositiu"
        case .commentNeedsRegisteredClient:
            "{name} encara no s'ha registrat; els comentaris necessiten un client registrat"
        case .yourCoach: "el teu entrenador"
        case .you: "tu"
        case .sayWhatToCorrect:
            "digues què cal corregir: --set \"EXERCICI: 12x80kg, 10x85kg\", --remove-exercise NOM, --notes T o --date D"
        case .historyOnServer: "l'historial d'una sessió es guarda al servidor: {message}"
        case .historyNotYet:
            "la sessió {id} encara no és al servidor; el seu historial comença amb la propera sincronització"
        case .coachRecordedIt: "una sessió que ha registrat el teu entrenador només la pot corregir el teu entrenador"
        case .keepsOneSetToDelete: "una sessió conserva almenys una sèrie; per esborrar-la: gorilla sessions rm {id}"
        case .sessionTooLarge: "una sessió té com a màxim {exercises} exercicis de {sets} sèries cadascun"
        case .exerciseAmbiguous: "'{name}' coincideix amb diversos exercicis de la sessió: {names}"
        case .exerciseNotInSession: "la sessió no té l'exercici '{name}' (té: {names})"
        case .noneOfThem: "cap"
        case .logNeedsASet: "indica almenys un --set \"EXERCICI: 12x80kg@40s, 10x85kg\" (o --from-file FITXER)"
        case .logNothingRecorded:
            """
            no s'ha registrat res; no s'ha desat cap sessió: indica almenys una sèrie, p. ex. --set "EXERCICI: \
            12x80kg"
            """
        case .modeValues: "--mode és handsfree o realtime"
        case .eventHasASession: "la cita {id} ja té una sessió ({when}); aquesta n'és una segona"
        case .eventAlreadyDone: "la cita {id} ja està feta; aquesta n'és una segona sessió"
        case .actionDeleteSessions: "esborrar sessions"
        case .confirmDeleteSession: "Vols esborrar la sessió de {client} del {when} ({id})?"
        case .nameTheClient: "indica el client: --client C"
        case .clientOwnSessionsOnly: "un client només registra i veu les seves pròpies sessions: treu --client"
        case .noProfileYet: "aquest dispositiu encara no ha rebut el teu perfil; executa: gorilla sync"
        case .dayFormat: "{option} ha de ser YYYY-MM-DD"
        case .exportFormats: "--format és txt, csv o json"
        case .fileUnreadable: "no es pot llegir {path}"
        case .fileNotJSON: "{path}: no és un JSON vàlid ({detail})"
        case .fileMissingKey: "{path}: falta '{key}' a {where}"
        case .fileWrongValue: "{path}: valor incorrecte a {where} ({detail})"

        // MARK: gorilla train: the view
        case .screenModeCorrecting: "CORRECCIÓ"
        case .screenModeRealTime: "TEMPS REAL"
        case .screenModeHandsFree: "MANS LLIURES"
        case .screenPaused: "[EN PAUSA]"
        case .screenSessionTime: "sessió {time}"
        case .screenFrom: "des de {start}"
        case .screenExercises: "Exercicis"
        case .screenNoExercises: "(encara cap — prem a per afegir-ne un del catàleg)"
        case .screenHeaderExercise: "Exercici"
        case .screenHeaderDone: "Fetes"
        case .screenHeaderPlan: "Pla"
        case .screenHeaderLastTime: "L'última vegada"
        case .screenSetOf: "Sèrie {number} de {planned}"
        case .screenSet: "Sèrie {number}"
        case .screenTarget: "objectiu {target}"
        case .screenSetRunning: "rep. {reps}   cronòmetre {time}"
        case .screenRestLeft: "descans: en queden {left} de {planned}"
        case .screenRestOver: "DESCANS ACABAT — {over} més del previst ({planned})"
        case .screenSpaceStartsNextSet: "(Espai comença la sèrie següent)"
        case .screenResting: "descansant {rest}"
        case .screenReady: "a punt   (Espai comença la sèrie)"
        case .screenFormKeys: "Retorn confirma · escriu per corregir (10x82,5kg) · s la passa per alt"
        case .screenTypeTheSet: "escriu la sèrie ({examples}), Retorn"
        case .screenToday: "avui: {sets}"
        case .editingKeys: "editant sèries: ←→ tria  Retorn canvia  d esborra  t tipus  e fet"
        case .countReps: "rep."
        case .countTime: "temps"
        case .countDistance: "distància"
        case .screenCreateExercise: "+ crea '{name}' com a exercici nou"
        case .screenCatalogueEmpty: "(el catàleg és buit: escriu un nom per crear-ne un)"
        case .screenNote: "Nota: "
        case .screenKeysEditing: "←→ sèrie  ↑↓ exercici  Retorn canvia  d esborra  t tipus  e/Esc fet"
        case .screenKeysCommon:
            "↑↓ tria  a afegeix  x treu  K/J mou  t tipus  e edita sèries  n nota  u desfés  q acaba  Esc cancel·la"
        case .screenKeysRealTime: "Espai inici/rep.  Retorn acaba la sèrie  w pes  p pausa  {common}"
        case .screenKeysForm: "Retorn confirma  0-9 corregeix  s passa per alt  w pes  {common}"
        case .setTypeNormal: "Normal"
        case .setTypeWarmup: "Escalfament"
        case .setTypeDrop: "Descendent"
        case .setTypeFailure: "Fallada"

        // MARK: gorilla train: questions
        case .promptWeight: "Pes de les sèries següents (p. ex. 80, 22,5lb), Retorn: "
        case .promptReps: "Repeticions d'aquella sèrie, Retorn: "
        case .promptAddExercise: "Exercici (escriu per filtrar, ↑↓ tria, Retorn afegeix, Esc torna): "
        case .promptNote: "Nota sobre aquesta sessió, Retorn: "
        case .promptEditSet: "Sèrie (p. ex. 10x82,5kg, 8x60kg drop), Retorn: "
        case .promptDiscard: "Vols descartar aquesta sessió? [s/n] "
        case .promptRemove: "Vols treure {name} amb {count|sèrie|sèries}? [s/n] "
        case .promptEverySetDeleted:
            """
            S'han esborrat totes les sèries: una sessió en conserva almenys una (sessions rm l'esborra). Vols \
            tornar-hi? [S/n] 
            """
        case .promptNothingRecorded: "No s'ha registrat res: no es desarà cap sessió. Vols sortir? [S/n] "
        case .promptSummary:
            "Resum: {exercises|exercici|exercicis}, {sets|sèrie|sèries}, {reps|repetició|repeticions}, {time}. "
        case .promptSaveCorrection: "Vols desar la correcció? [S/n] "
        case .promptSaveSession: "Vols desar la sessió? [S/n] "

        // MARK: gorilla train: what a key did
        case .noticePaused: "en pausa — p continua"
        case .noticeAddExerciseFirst: "primer afegeix un exercici (a)"
        case .noticeNoSetRunning: "no hi ha cap sèrie en marxa (Espai en comença una)"
        case .noticeTypeTheSet: "escriu la sèrie, p. ex. 12x80kg, i després Retorn"
        case .noticeBadTypedSet: "una sèrie és REPS o REPSxPES[kg|lb], p. ex. 10 o 10x82,5kg"
        case .noticeOrATime: ", o un temps com ara 45s"
        case .noticeNothingToPassOver: "aquí no hi ha cap sèrie prevista per passar per alt"
        case .noticePassedOver: "s'ha passat per alt la sèrie {number} de {exercise}"
        case .noticeTooManySets: "{exercise} ja té el màxim de sèries que pot tenir una sessió"
        case .noticeNext: "següent: {exercise}"
        case .noticePlanDone: "totes les sèries previstes estan fetes — q acaba"
        case .noticeEndSetFirst: "primer acaba la sèrie (Retorn)"
        case .noticeRemoved: "s'ha tret {exercise}"
        case .noticeTooManyExercises: "una sessió té com a màxim {limit} exercicis"
        case .noticeAdded: "s'ha afegit {exercise}"
        case .noticeAddedNew: "s'ha afegit {exercise} (nou: s'afegirà al catàleg en desar)"
        case .noticeNoSetToEdit: "aquest exercici no té cap sèrie per editar"
        case .noticeDeletedSet: "s'ha esborrat la sèrie {number} de {exercise} ({set})"
        case .noticeToDoAgain: "la sèrie {number} de {exercise} s'ha de tornar a fer"
        case .noticeUndone: "s'ha tret la sèrie {number} de {exercise} ({set})"
        case .noticeNothingToUndo: "no hi ha res per desfer"
        case .noticeKeepsOneSet: "una sessió conserva almenys una sèrie; gorilla sessions rm ID l'esborra"
        case .noticeBadWeight: "pes: un nombre de {lowest} a {highest}, opcionalment seguit de kg o lb"
        case .noticeNoteRemoved: "s'ha esborrat la nota"
        case .noticeNoteKept: "s'ha desat la nota"
        case .noticeBadEditedSet: "una sèrie és REPSxPES[kg|lb] amb un tipus opcional, p. ex. 10x82,5kg o 8x60kg drop"
        case .noticeChanged: "la sèrie {number} de {exercise} ara és {set}"
        case .noticeTypeAName: "escriu un nom per cercar"
        case .noticeNoExerciseChosen: "no s'ha triat cap exercici"

        // MARK: Sets (--set, the view) and plans (--plan): syntax errors
        case .setsNoColon: "s'esperava \"EXERCICI: SÈRIE, SÈRIE, ...\" (no hi ha ':' després del nom de l'exercici)"
        case .exerciseNameMissing: "falta el nom de l'exercici abans de ':'"
        case .noSetsAfterName: "no hi ha cap sèrie després de '{name}:'"
        case .emptySet: "una sèrie buida (dues comes seguides?)"
        case .setOfExercise: "sèrie {number} de '{name}': {reason}"
        case .decimalCommaHint:
            " (una coma entre dues xifres és una coma decimal: separa les sèries amb una coma i un espai)"
        case .setWithoutSpaces:
            """
            escriu la sèrie sense espais, p. ex. 10x50kg o 12x80kg@40s (només un tipus com warmup va després d'un \
            espai: 10x50kg warmup)
            """
        case .setWrittenAsPlan:
            """
            aquesta és la forma d'un pla (SÈRIESxREPS@CÀRREGA, com a trainings --plan); una sèrie feta és \
            REPSxPES[kg|lb][@DURADA], p. ex. 12x80kg@40s
            """
        case .setReps:
            """
            s'esperava REPSxPES[kg|lb][@DURADA] amb REPS un nombre enter de {lowest} a {highest} (o METRESm[@DURADA] \
            per a una distància, p. ex. 2000m@7:30)
            """
        case .setWeight: "el pes ha de ser un nombre de {lowest} a {highest} seguit de kg o lb (p. ex. 80kg, 22,5lb)"
        case .setDistance: "una distància és en metres o quilòmetres, p. ex. 2000m o 2km (com a màxim {km} km)"
        case .unknownSetType: "tipus de sèrie desconegut '{type}' ({names} o {last})"
        case .setDuration: "la durada després de '@' ha de ser com 40s, 1m30s o 1:30 (com a màxim {hours} h)"
        case .planNoColon:
            """
            s'esperava "EXERCICI: SÈRIESxREPS@CÀRREGA" (no hi ha ':' després del nom de l'exercici), p. ex. "Squat: \
            4x12@80kg descans 90s"
            """
        case .noPlanAfterName: "no hi ha cap pla després de '{name}:' (p. ex. 4x12@80kg descans 90s)"
        case .planOfExercise: "el pla de '{name}': {reason}"
        case .planForm:
            "un pla és SÈRIESxREPS@CÀRREGA [{rest} TEMPS]: 4x12@80kg descans 90s, 12,10,8@80kg, 3x45s, 1x2000m"
        case .planGroup:
            "un grup és una paraula de com a màxim {length} caràcters al final, després de {group}: 3x10@60kg grup A"
        case .setEffort:
            "l'esforç assolit és RPE de 1 a 10 en mitjos punts després d'un espai, o RIR de 0 a 9: "
                + "8x100kg @8, 8x100kg @rpe 7,5, 8x100kg rir 2"
        case .planEffort:
            "l'esforç és RPE de 6 a 10 en mitjos punts, o RIR de 0 a 4: "
                + "3x8@RPE8, 3x8@rpe 7,5, 3x8 RIR2, 3x8@80kg RPE8"
        case .planTooManySets: "massa sèries"
        case .planWrittenAsSet: "aquesta és la forma d'una sèrie feta (REPSxPES, com a --set); {form}"
        case .planDistance: "la distància ha de ser com 2000m o 2km (com a màxim {longestKm} km)"
        case .planLoad:
            "la càrrega després de '@' ha de ser un nombre de {lowest} a {highest} amb kg o lb, p. ex. @80kg"
        case .planWholeSets: "les sèries han de ser un nombre enter de {lowest} a {highest}; {form}"
        case .planWholeReps: "les repeticions han de ser un nombre enter de {lowest} a {highest}; {form}"
        case .planWholeEachSetReps:
            "les repeticions de cada sèrie han de ser un nombre enter de {lowest} a {highest}; {form}"
        case .planRestForm: "el descans ha de ser com 90s, 2min, 1m30s o 1:30"
        case .planSetTimeForm: "el temps d'una sèrie ha de ser com 90s, 2min, 1m30s o 1:30"
        case .planRestRange: "el descans ha de ser de {lowest} a {highest} segons"
        case .planSetTimeRange: "el temps d'una sèrie ha de ser de {lowest} a {highest} segons"

        // MARK: gorilla sessions and train: results
        case .savedLogged:
            """
            S'ha registrat una sessió de {client} el {when}: {exercises|exercici|exercicis}, {sets|sèrie|sèries} \
            ({id}).
            """
        case .savedTrained:
            """
            S'ha desat la sessió de {client}: {exercises|exercici|exercicis}, {sets|sèrie|sèries}, \
            {reps|repetició|repeticions} ({id}).
            """
        case .savedUnchanged: "No hi ha res a corregir a la sessió de {client} ({id}): ja és així."
        case .savedCorrected:
            """
            S'ha corregit la sessió de {client}{when}: {exercises|exercici|exercicis}, {sets|sèrie|sèries}{revision} \
            ({id}).
            """
        case .savedOnDay: " del {when}"
        case .savedNowRevision: ", ara revisió {revision}"
        case .noteWarning: "avís: {text}"
        case .noteUnknownExercise: "nota: '{name}' no és als teus exercicis; es desa només pel nom"
        case .listEmptyRange: "No hi ha cap sessió en aquest interval."
        case .listEmptyCoach:
            """
            Encara no hi ha cap sessió. Registra'n una amb: gorilla train --client C, o gorilla sessions log --client \
            C --set "EXERCICI: 12x80kg"
            """
        case .listEmptyClient:
            """
            Encara no hi ha cap sessió. Registra'n una amb: gorilla train --free, o gorilla sessions log --set \
            "EXERCICI: 12x80kg"
            """
        case .modeRealTime: "temps real"
        case .modeHandsFree: "mans lliures"
        case .listSelfLogged: "{mode}, pel client"
        case .listRecordedBy: "{mode}, registrada per {who}"
        case .detailRecordedBy: "per {who}"
        case .headerWhen: "QUAN"
        case .headerClient: "CLIENT"
        case .headerMode: "MODE"
        case .headerTraining: "ENTRENAMENT"
        case .headerExercises: "EXERCICIS"
        case .headerSets: "SÈRIES"
        case .headerVolume: "VOLUM"
        case .headerID: "ID"
        case .detailSession: "sessió {id}  ({mode})"
        case .labelClient: "client:"
        case .labelWhen: "quan:"
        case .labelRecorded: "registre:"
        case .labelRevision: "revisió:"
        case .labelTraining: "entrenament:"
        case .labelEvent: "cita:"
        case .labelNotes: "notes:"
        case .labelTotals: "totals:"
        case .labelComments: "comentaris:"
        case .detailPaused: ", en pausa {time}"
        case .detailSelfLogged: "registrada pel mateix client"
        case .detailRevision: "{revision} (les anteriors: gorilla sessions show {id} --history)"
        case .detailRest: "descans {time}"
        case .detailRepsAt: "rep. als {times} s"
        case .detailTotals:
            "{sets|sèrie|sèries}, {reps|repetició|repeticions}, volum {volume}, temps sota tensió {tension}"
        case .commentQueued: "pendent d'enviar"
        case .sessionDeleted: "S'ha esborrat la sessió {id}."
        case .exportTitle: "Sessió d'entrenament"
        case .exportNotes: "Notes: "
        case .endUnfinished:
            "S'ha guardat la sessió; continua-la aquí o en un altre dels teus dispositius amb: gorilla train --resume"
        case .endDiscarded: "S'ha descartat la sessió."
        case .endEmpty: "No s'ha registrat res; no s'ha desat cap sessió."
        case .endSince: " des del {when}"
        case .endFinishedElsewhere:
            """
            Aquesta sessió va continuar a '{device}'{since} i s'hi va acabar; s'ha descartat la còpia d'aquest \
            dispositiu.
            """
        case .endContinuesElsewhere:
            """
            Aquesta sessió continua a '{device}'{since}; s'ha descartat la còpia d'aquest dispositiu. Per tornar-la \
            aquí: gorilla train --resume
            """

        // MARK: gorilla sessions show --history and comment
        case .historyTitle: "Sessió {id} de {client}: {count|revisió|revisions}"
        case .historyRecordedBy: "revisió {revision}  {when}  registrada per {who}"
        case .historyCorrectedBy: "revisió {revision}  {when}  corregida per {who}"
        case .historyByYou: "tu"
        case .roleCoach: "entrenador"
        case .roleClient: "client"
        case .historyNotes: "notes: {notes}"
        case .historyNoSets: "cap sèrie"
        case .historyNotesRemoved: "notes esborrades"
        case .historyStart: "inici: {when}"
        case .historyEnd: "final: {when}"
        case .historyPaused: "en pausa: {time}"
        case .historyNoChange: "(cap canvi visible)"
        case .commentDay: " del {when}"
        case .commentSent: "S'ha comentat la sessió{day}; enviat a {to}."
        case .commentQueuedFor:
            "El comentari sobre la sessió{day} per a {to} està pendent d'enviar; s'enviarà a la propera sincronització."

        // MARK: Sets, lengths and times as a person reads them
        case .setRepsOnly: "{reps|repetició|repeticions}"
        case .setDistanceIn: "{distance} en {time}"
        case .lengthSeconds: "{seconds} s"
        case .lengthMinutes: "{minutes} min"
        case .lengthHours: "{hours} h"
        case .lengthHoursMinutes: "{hours} h {minutes} min"
        case .endDiscardedElsewhere:
            """
            Aquesta sessió va continuar a '{device}'{since} i s'hi va descartar sense desar-la; s'ha descartat \
            la còpia d'aquest dispositiu.
            """
        case .logMatched: "nota: '{typed}' s'ha pres com a '{name}'"
        case .helpLogDuration:
            """
            Quant va durar la sessió: minuts (60) o 45m, 1h, 1h30m (per defecte: la durada prevista de \
            l'entrenament, si no 60 minuts).
            """
        case .helpEditDuration: "Quant va durar la sessió: minuts (60) o 45m, 1h, 1h30m (el final es mou)."
        case .durationRange:
            """
            {option} pren minuts (60) o 45m, 1h, 1h30m, d'{lowest} minut a {highest} hores; no '{text}'
            """
        }
    }
}
