extension DataPhrases {
    package var ca: String {
        switch self {
        // gorilla export
        case .exportedTo: "S’ha exportat tot el que veu {account} a {directory}:"
        case .fileAccounts: "{n|compte|comptes}"
        case .fileMachines: "{n|màquina|màquines}"
        case .fileExercises: "{n|exercici|exercicis}"
        case .fileTrainings: "{n|entrenament|entrenaments}"
        case .fileClients: "{n|client|clients}"
        case .fileEvents: "{n|cita|cites}"
        case .fileSessions: "{n|sessió|sessions}"
        case .fileMeasurements: "{n|mesura|mesures}"
        case .fileMessages: "{n|missatge|missatges}"
        case .fileSets: "{n|sèrie|sèries}"
        case .fileRows: "{n|fila|files}"
        case .progressPulling: "baixant {done} de {total} canvis"
        case .progressPullingUncounted: "baixant {done} canvis"
        case .progressPushing: "pujant {done} de {total} canvis"
        case .progressExporting: "exportant {done} de {total} files"
        case .progressImporting: "important {done} de {total} sessions"
        case .progressLeft: "falten uns {time}"
        case .outIsAFile: "{path} és un fitxer; --out indica la carpeta on s’escriu l’exportació"
        case .folderNotEmpty:
            "{path} no és buida ({count|element|elements}); exporta a una carpeta nova o buida, o afegeix --force per "
                + "escriure-hi els fitxers de l’exportació (substituint els anteriors)"
        case .cannotWrite: "no es pot escriure {path}: {error}"
        case .cannotCreate: "no es pot crear {path}: {error}"
        // gorilla import
        case .importSource: "{file} (exportació de {format})"
        case .dryRunSummary:
            "Simulació, no s’ha desat res: {source} conté {sessions|sessió|sessions} de {client}; se n’importarien "
                + "{fresh} ({sets|sèrie|sèries})"
        case .dryRunAlreadyImported: "{count} ja importades"
        case .importedSummary:
            "Importat de {source} a l’historial de {client}: {sessions|sessió|sessions}, {sets|sèrie|sèries}"
        case .importedAlreadySkipped: "{count} ja importades abans, omeses"
        case .nothingNewOne: "Res de nou a {source}: la sessió de {client} ja s’havia importat abans."
        case .nothingNewMany: "Res de nou a {source}: les {count} sessions de {client} ja s’havien importat abans."
        case .tableHeaderWhen: "QUAN"
        case .tableHeaderWorkout: "SESSIÓ"
        case .tableHeaderExercises: "EXERCICIS"
        case .tableHeaderSets: "SÈRIES"
        case .tableHeaderStatus: "ESTAT"
        case .tableHeaderID: "ID"
        case .statusNew: "nova"
        case .statusImported: "importada"
        case .statusAlreadyImported: "ja importada"
        case .statusRefused: "rebutjada"
        case .matchedList: "Identificats: {list}."
        case .matchedAs: "'{name}' com a {exercise}"
        case .unknownStops:
            "No són al catàleg: {names}. La importació s’atura per aquests noms: afegeix-los amb --create-exercises, "
                + "o conserva’ls només pel nom amb --allow-new."
        case .unknownWouldBeAdded: "S’afegirien al catàleg: {names}."
        case .unknownWouldBeKept: "Es conservarien només pel nom (no són al catàleg): {names}."
        case .unknownAdded: "Afegits al catàleg: {names}."
        case .unknownKept: "Conservats només pel nom (no són al catàleg): {names}."
        case .noteSkippedRows:
            "nota: s’han deixat fora {count|fila|files} sense cap sèrie (temporitzadors de descans, sèries buides)"
        case .refusedByServer: "rebutjades pel servidor: {count|sessió|sessions} (mira les línies de sobre)"
        case .createOrAllowNewNotBoth: "indica --create-exercises o --allow-new, no tots dos"
        case .onlyCoachesCreateExercises:
            "només els entrenadors afegeixen exercicis al catàleg; conserva els noms nous només pel nom amb --allow-new"
        case .unitIsKgOrLb: "--unit ha de ser kg o lb"
        case .fileHoldsNoSets: "{file} no conté cap sèrie (una exportació de {format} només amb files buides)"
        case .unknownExercisesOne:
            "1 nom d’exercici de {file} no és al catàleg; no s’ha importat res:\n{list}\nAfegeix-lo amb "
                + "--create-exercises (o gorilla exercises add NAME), o conserva’l només pel nom amb --allow-new; "
                + "--dry-run mostra què s’importaria."
        case .unknownExercisesMany:
            "{count} noms d’exercici de {file} no són al catàleg; no s’ha importat res:\n{list}\nAfegeix-los amb "
                + "--create-exercises (o gorilla exercises add NAME), o conserva’ls només pel nom amb --allow-new; "
                + "--dry-run mostra què s’importaria."
        case .cannotRead: "no es pot llegir {path}"
        // Reading a Strong or Hevy file
        case .onLine: "línia {line}: {problem}"
        case .quotedFieldNeverClosed: "un camp entre cometes no es tanca mai"
        case .notCSV: "no és CSV: {problem}"
        case .fileIsEmpty: "el fitxer és buit"
        case .headerIsNeitherStrongNorHevy:
            "la capçalera no és ni de Strong ni de Hevy: {header} (Strong: {strong}; Hevy: {hevy})"
        case .missingColumn: "falta {column}"
        case .timeDoesNotRead: "no s’entén l’hora '{time}' ({example})"
        case .noExerciseName: "falta el nom de l’exercici"
        case .exerciseNameTooLong: "el nom d’exercici '{name}' és massa llarg"
        case .tooManySets: "{name} té més de {count} sèries en una sessió"
        case .tooManyExercises: "més de {count} exercicis en una sessió"
        case .notANumber: "{column} '{value}' no és un nombre"
        case .outsideRange: "{column} {value} és fora de l’interval {low}–{high}"
        case .setOrderUnknown: "no es reconeix el Set Order '{order}'"
        case .distanceTooLong: "una distància de {distance} m és més del que admet una sèrie"
        // Help
        case .helpExport: "Escriu en una carpeta tot el que aquest compte pot veure, en JSON i CSV."
        case .helpExportDiscussion:
            "Un fitxer JSON per secció (compte, màquines, exercicis, entrenaments, clients, cites, sessions amb les "
                + "seves sèries, mesures, missatges) i CSV: sets.csv (cada sèrie de cada sessió) i measurements.csv. "
                + "L’exportació d’un entrenador conté el seu catàleg i totes les dades dels seus clients; la d’un "
                + "client, les seves dades i el catàleg del seu entrenador. La carpeta ha de ser nova o buida, tret "
                + "que hi afegeixis --force."
        case .helpExportOut: "La carpeta on escriure (es crea si no existeix)."
        case .helpExportForce:
            "Escriu en una carpeta que ja té fitxers (els fitxers de l’exportació substitueixen els anteriors)."
        case .helpImport: "Porta l’historial d’un client des d’una exportació CSV de sèries de Strong o Hevy."
        case .helpImportDiscussion:
            "El format es reconeix per la capçalera del fitxer. Les files es converteixen en sessions, una per cada "
                + "sessió del fitxer (el seu nom i inici); els noms dels exercicis es busquen al catàleg com a "
                + "sessions log (es perdonen majúscules, accents i errors petits; \"Bench Press (Barbell)\" també "
                + "prova \"Bench Press\"). Els noms que el catàleg no té aturen la importació abans de desar res, tret "
                + "que --create-exercises els afegeixi al catàleg o --allow-new els conservi només pel nom. Importar "
                + "el mateix fitxer una altra vegada no afegeix res: l’identificador de cada sessió surt del client i "
                + "de l’inici de la sessió. Un client importa el seu propi historial sense --client."
        case .helpImportFile: "El fitxer CSV."
        case .helpImportClient: "El client a l’historial del qual van les sessions."
        case .helpImportCreateExercises: "Afegeix al catàleg els noms d’exercici que no té (entrenadors)."
        case .helpImportAllowNew: "Conserva només pel nom els exercicis que el teu catàleg no té."
        case .helpImportDryRun: "Mostra què s’importaria; no desa res."
        case .helpImportUnit:
            "La unitat dels pesos d’un fitxer de Strong quan no té la columna Weight Unit: kg (per defecte) o lb."
        case .helpImportMap:
            "Fes servir l’exercici TO del catàleg per al nom FROM del fitxer: --map \"Bench Press (Barbell)=Press de banca\" (es pot repetir)."
        case .helpImportMapFile:
            "Un fitxer de línies FROM=TO, un nom per línia (les línies buides i les que comencen amb # no es tenen en compte)."
        case .mapEntryInvalid:
            "{source}: «{entry}» no és FROM=TO (el nom de l’exercici al fitxer i després el del catàleg)"
        case .mappedList:
            "Correspondències: {list}."
        }
    }
}
