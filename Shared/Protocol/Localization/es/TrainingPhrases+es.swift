extension TrainingPhrases {
    package var es: String {
        switch self {
        // MARK: gorilla sessions: help
        case .helpSessions:
            "El historial de entrenamiento: registra una sesión, lista, muestra, corrige, comenta, borra y exporta."
        case .helpLog: "Registra una sesión terminada sin el cronómetro (manos libres)."
        case .helpLogDiscussion:
            """
            Cada --set es "EJERCICIO: SERIE, SERIE, ..." donde SERIE es REPSxPESO[kg|lb][@DURACIÓN] (o \
            METROSm[@DURACIÓN] para un ejercicio de distancia) con un tipo opcional tras un espacio o entre \
            paréntesis (calentamiento, descendente o fallo, o warmup, drop o failure; normal por \
            defecto) y un esfuerzo alcanzado opcional tras un espacio (RPE de 1 a 10 en medios puntos, o RIR); el \
            peso admite coma decimal (62,5kg). Por ejemplo:
              --set "Prensa: 12x80kg@40s, 10x85kg@38s" --set "Crunch: 20x0kg" --set "Curl: 8x30lb(drop)"
              --set "Rower: 2000m@7:30" --set "Sentadilla: 8x100kg @8, 8x100kg rir 1"
            Un cliente registra su propio entrenamiento: sin --client. --from-file acepta lo mismo en JSON: {example}
            """
        case .helpLogClient: "El cliente (un cliente que registra su propio entrenamiento no lo indica)."
        case .helpLogTraining: "El entrenamiento (rutina) seguido."
        case .helpLogEvent: "La cita que cumple esta sesión (se marca como hecha)."
        case .helpLogDate: "Inicio en hora local, \"YYYY-MM-DD HH:MM\" (por defecto, ahora)."
        case .helpLogMode: "handsfree (manos libres, por defecto) o realtime (tiempo real)."
        case .helpSet: "\"EJERCICIO: 12x80kg@40s, 10x85kg\" (se puede repetir)."
        case .helpLogFile: "Un archivo JSON con los ejercicios y las series."
        case .helpLogNotes: "Una nota sobre la sesión."
        case .helpAllowNew:
            "Guarda solo por el nombre los ejercicios que tu catálogo no tiene, en lugar de rechazarlos."
        case .helpList: "Las sesiones, de la más reciente a la más antigua (los clientes ven las suyas)."
        case .helpListClient: "Solo este cliente."
        case .helpShow:
            "Los ejercicios y las series de una sesión, los totales, el tiempo bajo tensión y los comentarios."
        case .helpShowDiscussion:
            "--history lista todas las revisiones de la sesión (se guardan en el servidor: necesita conexión)."
        case .helpSessionID: "El identificador de la sesión (o su forma corta)."
        case .helpShowHistory: "Todas las revisiones: cuándo, quién y qué cambió, de la más antigua a la más reciente."
        case .helpEdit:
            "Corrige una sesión terminada (una revisión nueva; las anteriores se pueden leer con show --history)."
        case .helpEditDiscussion:
            """
            --set "EJERCICIO: SERIE, SERIE" sustituye las series de ese ejercicio, con la sintaxis de sessions log \
            (el ejercicio se añade si la sesión no lo tiene); --remove-exercise quita uno. Un cliente solo corrige \
            las sesiones que ha registrado él mismo.
            """
        case .helpEditRemoveExercise: "Un ejercicio que quitar (se puede repetir)."
        case .helpEditNotes: "Las notas de la sesión (\"\" las borra)."
        case .helpEditDate: "Inicio en hora local, \"YYYY-MM-DD HH:MM\" (el final se mueve con él)."
        case .helpComment: "Comenta una sesión: el entrenador al cliente, o el cliente al entrenador."
        case .helpCommentText: "El comentario (de 1 a {limit} caracteres)."
        case .helpRemove: "Borra una sesión del historial."
        case .helpRemoveYes: "Borra sin preguntar (necesario cuando no hay ningún terminal donde preguntar)."
        case .helpExport: "Muestra una sesión como texto, CSV o JSON."
        case .helpExportFormat: "txt, csv o json."

        // MARK: gorilla train: help
        case .helpTrain:
            """
            Entrena a un cliente en tiempo real (cronómetro) o rellena una sesión de manos libres, a pantalla \
            completa.
            """
        case .helpTrainDiscussion:
            """
            Empieza con --client C, --event ID (su cliente) o --next (la cita en curso, si no, la siguiente \
            programada; las citas no indican ningún entrenamiento, así que la sesión es libre salvo que se añada \
            --training T). --repeat último parte de la sesión anterior del cliente: sus ejercicios en orden, las series \
            de la última vez a la vista y los pesos ya rellenados. Una sesión terminada sin ninguna serie no se \
            guarda.

            La vista sigue el plan del entrenamiento: cada ejercicio muestra las series hechas frente a las \
            previstas, el plan y las series de la última vez; cuando se han hecho las series previstas de un \
            ejercicio se selecciona el siguiente, y los ejercicios de un grupo (una superserie o un circuito, "group \
            A" en el plan) se alternan. Tras una serie, el descanso previsto cuenta hacia atrás y el terminal hace \
            sonar el timbre cuando termina (sin descanso previsto, el descanso cuenta hacia delante).

            Tiempo real: Espacio pone en marcha el cronómetro de la serie y después marca cada repetición; Intro \
            termina la serie; w indica el peso; p hace una pausa.

            Manos libres (--hands-free, en amarillo): un formulario, sin cronometrar nada. Cada serie prevista \
            aparece rellenada con el plan y la última vez: Intro la confirma, o escribe la serie tal como se hizo \
            (10, 10x82,5kg, 45s) e Intro; s se salta una serie. Las horas de la sesión son las de la cita, si no, la \
            duración del entrenamiento hasta ahora, o --start/--end.

            En ambos: ↑/↓ o k/j seleccionan un ejercicio; a elige uno del catálogo (escribe para filtrar, se perdonan \
            pequeñas erratas, ↑/↓ e Intro; la última línea crea un ejercicio nuevo); x quita uno; K/J lo mueven \
            arriba o abajo; e edita las series del ejercicio seleccionado (←/→ elige, Intro cambia, d borra, t tipo); \
            t cambia el tipo de la serie siguiente (vuelve a normal en otro ejercicio); n escribe una nota; u deshace \
            la última repetición, serie o salto; q termina (resumen, después Intro o s guarda); Esc cancela.

            Cada paso se guarda en este dispositivo: tras un cierre inesperado, gorilla train --resume continúa.

            --edit ID abre una sesión terminada en la misma vista (como formulario) para corregirla: e edita o borra \
            sus series, una serie escrita añade una, a/x/K/J añaden, quitan y mueven ejercicios, n cambia la nota; al \
            guardarla se almacena una revisión nueva (gorilla sessions show ID --history las lista).
            """
        case .helpTrainClient: "El cliente (se toma de la cita con --event o --next)."
        case .helpTrainTraining: "El entrenamiento (rutina) que seguir."
        case .helpTrainFree: "Añade ejercicios sobre la marcha."
        case .helpTrainEvent: "La cita que cumple esta sesión (se marca como hecha al guardarla); entrena su cliente."
        case .helpTrainNext:
            "Empieza la cita en curso ahora, si no, la siguiente programada (se marca como hecha al guardar)."
        case .helpTrainRepeat: "{last}: parte de la sesión anterior del cliente."
        case .helpTrainHandsFree: "Rellena la sesión después, como un formulario: sin cronómetro."
        case .helpTrainStart:
            "Manos libres: cuándo empezó la sesión, \"YYYY-MM-DD HH:MM\" (por defecto: el inicio de la cita)."
        case .helpTrainEnd:
            "Manos libres: cuándo terminó, \"YYYY-MM-DD HH:MM\" o \"HH:MM\" (por defecto: inicio + duración)."
        case .helpTrainResume:
            "Continúa la sesión sin terminar de este dispositivo, si no, la más reciente de tus otros dispositivos."
        case .helpTrainEdit: "Abre la vista sobre una sesión terminada para corregirla (una revisión nueva)."
        case .trainEditAlone: "--edit ID abre esa sesión para corregirla: úsalo sin ninguna otra opción"
        case .trainResumeAlone: "--resume continúa la sesión sin terminar: úsalo sin ninguna otra opción"

        // MARK: gorilla train: starting, resuming and drafts
        case .nextAlone: "--next elige por sí mismo el cliente y la cita: úsalo sin --client ni --event"
        case .startEndNeedHandsFree:
            """
            --start y --end indican las horas de una sesión de manos libres: añade --hands-free (el tiempo real se \
            cronometra)
            """
        case .trainingOrFree: "indica --training T o --free, no ambos"
        case .repeatInvalid: "--repeat admite {last}, no '{text}'"
        case .repeatAlone: "--repeat toma los ejercicios de una sesión anterior: úsalo sin --training ni --free"
        case .noUnfinishedSessionHere:
            "no hay ninguna sesión sin terminar en este dispositivo; empieza una con: gorilla train --client C"
        case .noUnfinishedSessionAnywhere:
            """
            no hay ninguna sesión sin terminar en este dispositivo ni en tus otros dispositivos; empieza una con: \
            gorilla train --client C
            """
        case .sessionContinuesElsewhere: "la sesión continúa en otro dispositivo"
        case .anotherDevice: "otro dispositivo"
        case .deviceNamed: "dispositivo {id}"
        case .draftKeptHereOnly: "la sesión sin terminar se guarda solo en este dispositivo ({problem})"
        case .offlineQueued:
            """
            sin conexión — {count|cambio pendiente|cambios pendientes} de enviar; el servidor no ha respondido a \
            tiempo
            """
        case .eventWithAnotherClient: "la cita {id} es con otro cliente"
        case .eventClientNotHere: "el cliente de la cita {id} no está en este dispositivo"
        case .whoTrains: "indica --client C, --event ID o --next (o --resume)"
        case .localTimeFormat: "{option} debe ser \"YYYY-MM-DD HH:MM\" (hora local), no '{text}'"
        case .endAfterStart: "--end debe ser posterior a --start"
        case .sessionStillUnfinished:
            """
            todavía hay una sesión sin terminar en este dispositivo; continúala con: gorilla train --resume (allí, \
            Esc la descarta)
            """
        case .noEventToStart:
            """
            no hay ninguna cita programada ahora ni más tarde para empezar; programa una con: gorilla events add \
            --client C --at "YYYY-MM-DD HH:MM" (o empieza con --client C)
            """
        case .noSessionToRepeat:
            "{name} no tiene ninguna sesión anterior que repetir; empieza una con: gorilla train --client C"
        case .trainNeedsTerminalHint: "usa gorilla sessions log para registrar sin terminal"

        // MARK: gorilla sessions: errors and questions
        case .unknownExerciseHint:
            "añádelo con: gorilla exercises add NOMBRE, o guárdalo solo por el nombre con --allow-new"
        case .sessionClientNotHere: "el cliente de la sesión {id} no está en este dispositivo"
        case .commentNeedsRegisteredClient:
            "{name} todavía no se ha registrado; los comentarios necesitan un cliente registrado"
        case .yourCoach: "tu entrenador"
        case .you: "tú"
        case .sayWhatToCorrect:
            """
            di qué hay que corregir: --set "EJERCICIO: 12x80kg, 10x85kg", --remove-exercise NOMBRE, --notes T o \
            --date D
            """
        case .historyOnServer: "el historial de una sesión se guarda en el servidor: {message}"
        case .historyNotYet:
            "la sesión {id} aún no está en el servidor; su historial empieza con la próxima sincronización"
        case .coachRecordedIt: "una sesión que ha registrado tu entrenador solo la puede corregir tu entrenador"
        case .keepsOneSetToDelete: "una sesión conserva al menos una serie; para borrarla: gorilla sessions rm {id}"
        case .sessionTooLarge: "una sesión tiene como máximo {exercises} ejercicios de {sets} series cada uno"
        case .exerciseAmbiguous: "'{name}' coincide con varios ejercicios de la sesión: {names}"
        case .exerciseNotInSession: "la sesión no tiene el ejercicio '{name}' (tiene: {names})"
        case .noneOfThem: "ninguno"
        case .logNeedsASet: "indica al menos un --set \"EJERCICIO: 12x80kg@40s, 10x85kg\" (o --from-file ARCHIVO)"
        case .logNothingRecorded:
            """
            no se ha registrado nada; no se ha guardado ninguna sesión: indica al menos una serie, p. ej. --set \
            "EJERCICIO: 12x80kg"
            """
        case .modeValues: "--mode es handsfree o realtime"
        case .eventHasASession: "la cita {id} ya tiene una sesión ({when}); esta es una segunda"
        case .eventAlreadyDone: "la cita {id} ya está hecha; esta es una segunda sesión para ella"
        case .actionDeleteSessions: "borrar sesiones"
        case .confirmDeleteSession: "¿Borrar la sesión de {client} del {when} ({id})?"
        case .nameTheClient: "indica el cliente: --client C"
        case .clientOwnSessionsOnly: "un cliente solo registra y ve sus propias sesiones: quita --client"
        case .noProfileYet: "este dispositivo aún no ha recibido tu perfil; ejecuta: gorilla sync"
        case .dayFormat: "{option} debe ser YYYY-MM-DD"
        case .exportFormats: "--format es txt, csv o json"
        case .fileUnreadable: "no se puede leer {path}"
        case .fileNotJSON: "{path}: no es un JSON válido ({detail})"
        case .fileMissingKey: "{path}: falta '{key}' en {where}"
        case .fileWrongValue: "{path}: valor incorrecto en {where} ({detail})"

        // MARK: gorilla train: the view
        case .screenModeCorrecting: "CORRECCIÓN"
        case .screenModeRealTime: "TIEMPO REAL"
        case .screenModeHandsFree: "MANOS LIBRES"
        case .screenPaused: "[EN PAUSA]"
        case .screenSessionTime: "sesión {time}"
        case .screenFrom: "desde {start}"
        case .screenExercises: "Ejercicios"
        case .screenNoExercises: "(todavía ninguno — pulsa a para añadir uno del catálogo)"
        case .screenHeaderExercise: "Ejercicio"
        case .screenHeaderDone: "Hechas"
        case .screenHeaderPlan: "Plan"
        case .screenHeaderLastTime: "La última vez"
        case .screenSetOf: "Serie {number} de {planned}"
        case .screenSet: "Serie {number}"
        case .screenTarget: "objetivo {target}"
        case .screenSetRunning: "rep. {reps}   cronómetro {time}"
        case .screenRestLeft: "descanso: quedan {left} de {planned}"
        case .screenRestOver: "DESCANSO TERMINADO — {over} más de lo previsto ({planned})"
        case .screenSpaceStartsNextSet: "(Espacio empieza la serie siguiente)"
        case .screenResting: "descansando {rest}"
        case .screenReady: "listo   (Espacio empieza la serie)"
        case .screenFormKeys: "Intro confirma · escribe para corregir (10x82,5kg) · s la salta"
        case .screenTypeTheSet: "escribe la serie ({examples}), Intro"
        case .screenToday: "hoy: {sets}"
        case .editingKeys: "editando series: ←→ elige  Intro cambia  d borra  t tipo  e hecho"
        case .countReps: "rep."
        case .countTime: "tiempo"
        case .countDistance: "distancia"
        case .screenCreateExercise: "+ crear '{name}' como ejercicio nuevo"
        case .screenCatalogueEmpty: "(el catálogo está vacío: escribe un nombre para crear uno)"
        case .screenNote: "Nota: "
        case .screenKeysEditing: "←→ serie  ↑↓ ejercicio  Intro cambia  d borra  t tipo  e/Esc hecho"
        case .screenKeysCommon:
            "↑↓ elige  a añade  x quita  K/J mueve  t tipo  e edita series  n nota  u deshaz  q termina  Esc cancela"
        case .screenKeysRealTime: "Espacio inicio/rep.  Intro termina la serie  w peso  p pausa  {common}"
        case .screenKeysForm: "Intro confirma  0-9 corrige  s salta  w peso  {common}"
        case .setTypeNormal: "Normal"
        case .setTypeWarmup: "Calentamiento"
        case .setTypeDrop: "Descendente"
        case .setTypeFailure: "Fallo"

        // MARK: gorilla train: questions
        case .promptWeight: "Peso de las series siguientes (p. ej. 80, 22,5lb), Intro: "
        case .promptReps: "Repeticiones de esa serie, Intro: "
        case .promptAddExercise: "Ejercicio (escribe para filtrar, ↑↓ elige, Intro añade, Esc vuelve): "
        case .promptNote: "Nota sobre esta sesión, Intro: "
        case .promptEditSet: "Serie (p. ej. 10x82,5kg, 8x60kg drop), Intro: "
        case .promptDiscard: "¿Descartar esta sesión? [s/n] "
        case .promptRemove: "¿Quitar {name} con {count|serie|series}? [s/n] "
        case .promptEverySetDeleted:
            "Se han borrado todas las series: una sesión conserva al menos una (sessions rm la borra). ¿Volver? [S/n] "
        case .promptNothingRecorded: "No se ha registrado nada: no se guardará ninguna sesión. ¿Salir? [S/n] "
        case .promptSummary:
            "Resumen: {exercises|ejercicio|ejercicios}, {sets|serie|series}, {reps|repetición|repeticiones}, {time}. "
        case .promptSaveCorrection: "¿Guardar la corrección? [S/n] "
        case .promptSaveSession: "¿Guardar la sesión? [S/n] "

        // MARK: gorilla train: what a key did
        case .noticePaused: "en pausa — p continúa"
        case .noticeAddExerciseFirst: "primero añade un ejercicio (a)"
        case .noticeNoSetRunning: "no hay ninguna serie en marcha (Espacio empieza una)"
        case .noticeTypeTheSet: "escribe la serie, p. ej. 12x80kg, y después Intro"
        case .noticeBadTypedSet: "una serie es REPS o REPSxPESO[kg|lb], p. ej. 10 o 10x82,5kg"
        case .noticeOrATime: ", o un tiempo como 45s"
        case .noticeNothingToPassOver: "aquí no hay ninguna serie prevista que saltar"
        case .noticePassedOver: "se ha saltado la serie {number} de {exercise}"
        case .noticeTooManySets: "{exercise} ya tiene el máximo de series que puede tener una sesión"
        case .noticeNext: "siguiente: {exercise}"
        case .noticePlanDone: "todas las series previstas están hechas — q termina"
        case .noticeEndSetFirst: "primero termina la serie (Intro)"
        case .noticeRemoved: "se ha quitado {exercise}"
        case .noticeTooManyExercises: "una sesión tiene como máximo {limit} ejercicios"
        case .noticeAdded: "se ha añadido {exercise}"
        case .noticeAddedNew: "se ha añadido {exercise} (nuevo: se añadirá al catálogo al guardar)"
        case .noticeNoSetToEdit: "este ejercicio no tiene ninguna serie que editar"
        case .noticeDeletedSet: "se ha borrado la serie {number} de {exercise} ({set})"
        case .noticeToDoAgain: "la serie {number} de {exercise} hay que volver a hacerla"
        case .noticeUndone: "se ha quitado la serie {number} de {exercise} ({set})"
        case .noticeNothingToUndo: "no hay nada que deshacer"
        case .noticeKeepsOneSet: "una sesión conserva al menos una serie; gorilla sessions rm ID la borra"
        case .noticeBadWeight: "peso: un número de {lowest} a {highest}, opcionalmente seguido de kg o lb"
        case .noticeNoteRemoved: "se ha borrado la nota"
        case .noticeNoteKept: "se ha guardado la nota"
        case .noticeBadEditedSet: "una serie es REPSxPESO[kg|lb] con un tipo opcional, p. ej. 10x82,5kg o 8x60kg drop"
        case .noticeChanged: "la serie {number} de {exercise} ahora es {set}"
        case .noticeTypeAName: "escribe un nombre para buscar"
        case .noticeNoExerciseChosen: "no se ha elegido ningún ejercicio"

        // MARK: Sets (--set, the view) and plans (--plan): syntax errors
        case .setsNoColon: "se esperaba \"EJERCICIO: SERIE, SERIE, ...\" (no hay ':' después del nombre del ejercicio)"
        case .exerciseNameMissing: "falta el nombre del ejercicio antes de ':'"
        case .noSetsAfterName: "no hay ninguna serie después de '{name}:'"
        case .emptySet: "una serie vacía (¿dos comas seguidas?)"
        case .setOfExercise: "serie {number} de '{name}': {reason}"
        case .decimalCommaHint:
            " (una coma entre dos dígitos es una coma decimal: separa las series con una coma y un espacio)"
        case .setWithoutSpaces:
            """
            escribe la serie sin espacios, p. ej. 10x50kg o 12x80kg@40s (solo un tipo como warmup va tras un espacio: \
            10x50kg warmup)
            """
        case .setWrittenAsPlan:
            """
            esta es la forma de un plan (SERIESxREPS@CARGA, como en trainings --plan); una serie hecha es \
            REPSxPESO[kg|lb][@DURACIÓN], p. ej. 12x80kg@40s
            """
        case .setReps:
            """
            se esperaba REPSxPESO[kg|lb][@DURACIÓN] con REPS un número entero de {lowest} a {highest} (o \
            METROSm[@DURACIÓN] para una distancia, p. ej. 2000m@7:30)
            """
        case .setWeight: "el peso debe ser un número de {lowest} a {highest} seguido de kg o lb (p. ej. 80kg, 22,5lb)"
        case .setDistance: "una distancia es en metros o kilómetros, p. ej. 2000m o 2km (como máximo {km} km)"
        case .unknownSetType: "tipo de serie desconocido '{type}' ({names} o {last})"
        case .setDuration: "la duración tras '@' debe ser como 40s, 1m30s o 1:30 (como máximo {hours} h)"
        case .planNoColon:
            """
            se esperaba "EJERCICIO: SERIESxREPS@CARGA" (no hay ':' después del nombre del ejercicio), p. ej. "Squat: \
            4x12@80kg descanso 90s"
            """
        case .noPlanAfterName: "no hay ningún plan después de '{name}:' (p. ej. 4x12@80kg descanso 90s)"
        case .planOfExercise: "el plan de '{name}': {reason}"
        case .planForm:
            "un plan es SERIESxREPS@CARGA [{rest} TIEMPO]: 4x12@80kg descanso 90s, 12,10,8@80kg, 3x45s, 1x2000m"
        case .planGroup:
            "un grupo es una palabra de como máximo {length} caracteres al final, después de {group}: 3x10@60kg grupo A"
        case .setEffort:
            "el esfuerzo alcanzado es RPE de 1 a 10 en medios puntos tras un espacio, o RIR de 0 a 9: "
                + "8x100kg @8, 8x100kg @rpe 7,5, 8x100kg rir 2"
        case .planEffort:
            "el esfuerzo es RPE de 6 a 10 en medios puntos, o RIR de 0 a 4: "
                + "3x8@RPE8, 3x8@rpe 7,5, 3x8 RIR2, 3x8@80kg RPE8"
        case .planTooManySets: "demasiadas series"
        case .planWrittenAsSet: "esta es la forma de una serie hecha (REPSxPESO, como en --set); {form}"
        case .planDistance: "la distancia debe ser como 2000m o 2km (como máximo {longestKm} km)"
        case .planLoad: "la carga tras '@' debe ser un número de {lowest} a {highest} con kg o lb, p. ej. @80kg"
        case .planWholeSets: "las series deben ser un número entero de {lowest} a {highest}; {form}"
        case .planWholeReps: "las repeticiones deben ser un número entero de {lowest} a {highest}; {form}"
        case .planWholeEachSetReps:
            "las repeticiones de cada serie deben ser un número entero de {lowest} a {highest}; {form}"
        case .planRestForm: "el descanso debe ser como 90s, 2min, 1m30s o 1:30"
        case .planSetTimeForm: "el tiempo de una serie debe ser como 90s, 2min, 1m30s o 1:30"
        case .planRestRange: "el descanso debe ser de {lowest} a {highest} segundos"
        case .planSetTimeRange: "el tiempo de una serie debe ser de {lowest} a {highest} segundos"

        // MARK: gorilla sessions and train: results
        case .savedLogged:
            """
            Se ha registrado una sesión de {client} el {when}: {exercises|ejercicio|ejercicios}, {sets|serie|series} \
            ({id}).
            """
        case .savedTrained:
            """
            Se ha guardado la sesión de {client}: {exercises|ejercicio|ejercicios}, {sets|serie|series}, \
            {reps|repetición|repeticiones} ({id}).
            """
        case .savedUnchanged: "No hay nada que corregir en la sesión de {client} ({id}): ya es así."
        case .savedCorrected:
            """
            Se ha corregido la sesión de {client}{when}: {exercises|ejercicio|ejercicios}, \
            {sets|serie|series}{revision} ({id}).
            """
        case .savedOnDay: " del {when}"
        case .savedNowRevision: ", ahora revisión {revision}"
        case .noteWarning: "aviso: {text}"
        case .noteUnknownExercise: "nota: '{name}' no está en tus ejercicios; se guarda solo por el nombre"
        case .listEmptyRange: "No hay ninguna sesión en ese intervalo."
        case .listEmptyCoach:
            """
            Todavía no hay ninguna sesión. Registra una con: gorilla train --client C, o gorilla sessions log \
            --client C --set "EJERCICIO: 12x80kg"
            """
        case .listEmptyClient:
            """
            Todavía no hay ninguna sesión. Registra una con: gorilla train --free, o gorilla sessions log --set \
            "EJERCICIO: 12x80kg"
            """
        case .modeRealTime: "tiempo real"
        case .modeHandsFree: "manos libres"
        case .listSelfLogged: "{mode}, por el cliente"
        case .listRecordedBy: "{mode}, registrada por {who}"
        case .detailRecordedBy: "por {who}"
        case .headerWhen: "CUÁNDO"
        case .headerClient: "CLIENTE"
        case .headerMode: "MODO"
        case .headerTraining: "ENTRENAMIENTO"
        case .headerExercises: "EJERCICIOS"
        case .headerSets: "SERIES"
        case .headerVolume: "VOLUMEN"
        case .headerID: "ID"
        case .detailSession: "sesión {id}  ({mode})"
        case .labelClient: "cliente:"
        case .labelWhen: "cuándo:"
        case .labelRecorded: "registro:"
        case .labelRevision: "revisión:"
        case .labelTraining: "entrenamiento:"
        case .labelEvent: "cita:"
        case .labelNotes: "notas:"
        case .labelTotals: "totales:"
        case .labelComments: "comentarios:"
        case .detailPaused: ", en pausa {time}"
        case .detailSelfLogged: "registrada por el propio cliente"
        case .detailRevision: "{revision} (las anteriores: gorilla sessions show {id} --history)"
        case .detailRest: "descanso {time}"
        case .detailRepsAt: "rep. a los {times} s"
        case .detailTotals:
            "{sets|serie|series}, {reps|repetición|repeticiones}, volumen {volume}, tiempo bajo tensión {tension}"
        case .commentQueued: "pendiente de enviar"
        case .sessionDeleted: "Se ha borrado la sesión {id}."
        case .exportTitle: "Sesión de entrenamiento"
        case .exportNotes: "Notas: "
        case .endUnfinished:
            "Se ha guardado la sesión; continúala aquí o en otro de tus dispositivos con: gorilla train --resume"
        case .endDiscarded: "Se ha descartado la sesión."
        case .endEmpty: "No se ha registrado nada; no se ha guardado ninguna sesión."
        case .endSince: " desde el {when}"
        case .endFinishedElsewhere:
            """
            Esta sesión continuó en '{device}'{since} y se terminó allí; se ha descartado la copia de este \
            dispositivo.
            """
        case .endContinuesElsewhere:
            """
            Esta sesión continúa en '{device}'{since}; se ha descartado la copia de este dispositivo. Para traerla de \
            vuelta aquí: gorilla train --resume
            """

        // MARK: gorilla sessions show --history and comment
        case .historyTitle: "Sesión {id} de {client}: {count|revisión|revisiones}"
        case .historyRecordedBy: "revisión {revision}  {when}  registrada por {who}"
        case .historyCorrectedBy: "revisión {revision}  {when}  corregida por {who}"
        case .historyByYou: "ti"
        case .roleCoach: "entrenador"
        case .roleClient: "cliente"
        case .historyNotes: "notas: {notes}"
        case .historyNoSets: "ninguna serie"
        case .historyNotesRemoved: "notas borradas"
        case .historyStart: "inicio: {when}"
        case .historyEnd: "final: {when}"
        case .historyPaused: "en pausa: {time}"
        case .historyNoChange: "(ningún cambio visible)"
        case .commentDay: " del {when}"
        case .commentSent: "Se ha comentado la sesión{day}; enviado a {to}."
        case .commentQueuedFor:
            """
            El comentario sobre la sesión{day} para {to} está pendiente de enviar; se enviará en la próxima \
            sincronización.
            """

        // MARK: Sets, lengths and times as a person reads them
        case .setRepsOnly: "{reps|repetición|repeticiones}"
        case .setDistanceIn: "{distance} en {time}"
        case .lengthSeconds: "{seconds} s"
        case .lengthMinutes: "{minutes} min"
        case .lengthHours: "{hours} h"
        case .lengthHoursMinutes: "{hours} h {minutes} min"
        case .endDiscardedElsewhere:
            """
            Esta sesión continuó en '{device}'{since} y se descartó allí sin guardarla; se ha descartado la \
            copia de este dispositivo.
            """
        case .logMatched: "nota: '{typed}' se ha tomado como '{name}'"
        case .helpLogDuration:
            """
            Cuánto duró la sesión: minutos (60) o 45m, 1h, 1h30m (por defecto: la duración prevista del \
            entrenamiento, si no 60 minutos).
            """
        case .helpEditDuration: "Cuánto duró la sesión: minutos (60) o 45m, 1h, 1h30m (el final se mueve)."
        case .durationRange:
            """
            {option} admite minutos (60) o 45m, 1h, 1h30m, de {lowest} minuto a {highest} horas; no '{text}'
            """
        }
    }
}
