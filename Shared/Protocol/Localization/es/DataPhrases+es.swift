extension DataPhrases {
    package var es: String {
        switch self {
        // gorilla export
        case .exportedTo: "Se ha exportado todo lo que ve {account} a {directory}:"
        case .fileAccounts: "{n|cuenta|cuentas}"
        case .fileMachines: "{n|máquina|máquinas}"
        case .fileExercises: "{n|ejercicio|ejercicios}"
        case .fileTrainings: "{n|entrenamiento|entrenamientos}"
        case .fileClients: "{n|cliente|clientes}"
        case .fileEvents: "{n|cita|citas}"
        case .fileSessions: "{n|sesión|sesiones}"
        case .fileMeasurements: "{n|medida|medidas}"
        case .fileMessages: "{n|mensaje|mensajes}"
        case .fileSets: "{n|serie|series}"
        case .fileRows: "{n|fila|filas}"
        case .progressPulling: "descargando {done} de {total} cambios"
        case .progressPullingUncounted: "descargando {done} cambios"
        case .progressPushing: "subiendo {done} de {total} cambios"
        case .progressExporting: "exportando {done} de {total} filas"
        case .progressImporting: "importando {done} de {total} sesiones"
        case .progressLeft: "quedan unos {time}"
        case .outIsAFile: "{path} es un archivo; --out indica la carpeta donde se escribe la exportación"
        case .folderNotEmpty:
            "{path} no está vacía ({count|elemento|elementos}); exporta a una carpeta nueva o vacía, o añade --force "
                + "para escribir allí los archivos de la exportación (sustituyendo los anteriores)"
        case .cannotWrite: "no se puede escribir {path}: {error}"
        case .cannotCreate: "no se puede crear {path}: {error}"
        // gorilla import
        case .importSource: "{file} (exportación de {format})"
        case .dryRunSummary:
            "Simulación, no se ha guardado nada: {source} contiene {sessions|sesión|sesiones} de {client}; se "
                + "importarían {fresh} ({sets|serie|series})"
        case .dryRunAlreadyImported: "{count} ya importadas"
        case .importedSummary:
            "Importado de {source} al historial de {client}: {sessions|sesión|sesiones}, {sets|serie|series}"
        case .importedAlreadySkipped: "{count} ya importadas antes, omitidas"
        case .nothingNewOne: "Nada nuevo en {source}: la sesión de {client} ya se había importado antes."
        case .nothingNewMany: "Nada nuevo en {source}: las {count} sesiones de {client} ya se habían importado antes."
        case .tableHeaderWhen: "CUÁNDO"
        case .tableHeaderWorkout: "SESIÓN"
        case .tableHeaderExercises: "EJERCICIOS"
        case .tableHeaderSets: "SERIES"
        case .tableHeaderStatus: "ESTADO"
        case .tableHeaderID: "ID"
        case .statusNew: "nueva"
        case .statusImported: "importada"
        case .statusAlreadyImported: "ya importada"
        case .statusRefused: "rechazada"
        case .matchedList: "Identificados: {list}."
        case .matchedAs: "'{name}' como {exercise}"
        case .unknownStops:
            "No están en el catálogo: {names}. La importación se detiene por ellos: añádelos con --create-exercises, "
                + "o consérvalos solo por el nombre con --allow-new."
        case .unknownWouldBeAdded: "Se añadirían al catálogo: {names}."
        case .unknownWouldBeKept: "Se conservarían solo por el nombre (no están en el catálogo): {names}."
        case .unknownAdded: "Añadidos al catálogo: {names}."
        case .unknownKept: "Conservados solo por el nombre (no están en el catálogo): {names}."
        case .noteSkippedRows:
            "nota: se han dejado fuera {count|fila|filas} sin ninguna serie (temporizadores de descanso, series vacías)"
        case .refusedByServer: "rechazadas por el servidor: {count|sesión|sesiones} (mira las líneas de arriba)"
        case .createOrAllowNewNotBoth: "indica --create-exercises o --allow-new, no ambos"
        case .onlyCoachesCreateExercises:
            "solo los entrenadores añaden ejercicios al catálogo; conserva los nombres nuevos solo por el nombre con "
                + "--allow-new"
        case .unitIsKgOrLb: "--unit tiene que ser kg o lb"
        case .fileHoldsNoSets: "{file} no contiene ninguna serie (una exportación de {format} solo con filas vacías)"
        case .unknownExercisesOne:
            "1 nombre de ejercicio de {file} no está en el catálogo; no se ha importado nada:\n{list}\nAñádelo con "
                + "--create-exercises (o gorilla exercises add NAME), o consérvalo solo por el nombre con --allow-new; "
                + "--dry-run muestra qué se importaría."
        case .unknownExercisesMany:
            "{count} nombres de ejercicio de {file} no están en el catálogo; no se ha importado nada:\n{list}\n"
                + "Añádelos con --create-exercises (o gorilla exercises add NAME), o consérvalos solo por el nombre "
                + "con --allow-new; --dry-run muestra qué se importaría."
        case .cannotRead: "no se puede leer {path}"
        // Reading a Strong or Hevy file
        case .onLine: "línea {line}: {problem}"
        case .quotedFieldNeverClosed: "un campo entre comillas no se cierra nunca"
        case .notCSV: "no es CSV: {problem}"
        case .fileIsEmpty: "el archivo está vacío"
        case .headerIsNeitherStrongNorHevy:
            "la cabecera no es ni de Strong ni de Hevy: {header} (Strong: {strong}; Hevy: {hevy})"
        case .missingColumn: "falta {column}"
        case .timeDoesNotRead: "no se entiende la hora '{time}' ({example})"
        case .noExerciseName: "falta el nombre del ejercicio"
        case .exerciseNameTooLong: "el nombre de ejercicio '{name}' es demasiado largo"
        case .tooManySets: "{name} tiene más de {count} series en una sesión"
        case .tooManyExercises: "más de {count} ejercicios en una sesión"
        case .notANumber: "{column} '{value}' no es un número"
        case .outsideRange: "{column} {value} está fuera del intervalo {low}–{high}"
        case .setOrderUnknown: "no se reconoce el Set Order '{order}'"
        case .distanceTooLong: "una distancia de {distance} m es más de lo que admite una serie"
        // Help
        case .helpExport: "Escribe en una carpeta todo lo que esta cuenta puede ver, en JSON y CSV."
        case .helpExportDiscussion:
            "Un archivo JSON por sección (cuenta, máquinas, ejercicios, entrenamientos, clientes, citas, sesiones con "
                + "sus series, medidas, mensajes) y CSV: sets.csv (cada serie de cada sesión) y measurements.csv. "
                + "La exportación de un entrenador contiene su catálogo y todos los datos de sus clientes; la de un "
                + "cliente, sus datos y el catálogo de su entrenador. La carpeta tiene que ser nueva o estar vacía, "
                + "salvo que añadas --force."
        case .helpExportOut: "La carpeta donde escribir (se crea si no existe)."
        case .helpExportForce:
            "Escribe en una carpeta que ya tiene archivos (los archivos de la exportación sustituyen a los anteriores)."
        case .helpImport: "Trae el historial de un cliente desde una exportación CSV de series de Strong o Hevy."
        case .helpImportDiscussion:
            "El formato se reconoce por la cabecera del archivo. Las filas se convierten en sesiones, una por cada "
                + "sesión del archivo (su nombre e inicio); los nombres de los ejercicios se buscan en el catálogo "
                + "como en sessions log (se perdonan mayúsculas, acentos y pequeñas erratas; \"Bench Press (Barbell)\" "
                + "también prueba \"Bench Press\"). Los nombres que el catálogo no tiene detienen la importación antes "
                + "de guardar nada, salvo que --create-exercises los añada al catálogo o --allow-new los conserve solo "
                + "por el nombre. Importar el mismo archivo otra vez no añade nada: el identificador de cada sesión "
                + "sale del cliente y del inicio de la sesión. Un cliente importa su propio historial sin --client."
        case .helpImportFile: "El archivo CSV."
        case .helpImportClient: "El cliente a cuyo historial van las sesiones."
        case .helpImportCreateExercises: "Añade al catálogo los nombres de ejercicio que no tiene (entrenadores)."
        case .helpImportAllowNew: "Conserva solo por el nombre los ejercicios que tu catálogo no tiene."
        case .helpImportDryRun: "Muestra qué se importaría; no guarda nada."
        case .helpImportUnit:
            "La unidad de los pesos de un archivo de Strong cuando no tiene la columna Weight Unit: kg (por defecto) "
                + "o lb."
        case .helpImportMap:
            "Usa el ejercicio TO del catálogo para el nombre FROM del archivo: --map \"Bench Press (Barbell)=Press de banca\" (se puede repetir)."
        case .helpImportMapFile:
            "Un archivo de líneas FROM=TO, un nombre por línea (las líneas vacías y las que empiezan por # no se tienen en cuenta)."
        case .mapEntryInvalid:
            "{source}: «{entry}» no es FROM=TO (el nombre del ejercicio en el archivo y después el del catálogo)"
        case .mappedList:
            "Correspondencias: {list}."
        }
    }
}
