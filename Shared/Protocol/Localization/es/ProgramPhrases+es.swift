extension ProgramPhrases {
    package var es: String {
        switch self {
        case .progressionNoColon:
            """
            se esperaba "EJERCICIO: PROGRESIÓN" (no hay ':' después del nombre del ejercicio), p. ej. "Squat: \
            +2,5kg/semana"
            """
        case .progressionMissing: "no hay ninguna progresión después de '{name}:' (p. ej. +2,5kg/semana)"
        case .progressionOfExercise: "la progresión de '{name}': {reason}"
        case .progressionForm:
            """
            una progresión es +2,5kg/semana, +5%/semana, +1 rep/semana, +1 serie/2 semanas, 3x8-12, +2,5kg cuando \
            todas las series lleguen a 12, o 70%,75%,80%,85% del e1RM
            """
        case .progressionIncrement: "un incremento es +2,5kg, +5lb, +5% (como máximo {maxPercent}), +1 rep o +1 serie"
        case .progressionPeriod: "un periodo es /semana o /N semanas, con N de 1 a {maxWeeks}"
        case .progressionRange: "un rango es SERIESxMÍNIMO-MÁXIMO con el mínimo no mayor que el máximo: 3x8-12"
        case .progressionTop: "las series llegan al máximo del rango, {top}; no a {given}"
        case .progressionWave:
            """
            una ola es como máximo {maxWeeks} porcentajes del máximo, cada uno del {lowestShare}% al \
            {highestShare}%: 70%,75%,80%,85% del e1RM
            """
        case .deloadForm:
            """
            una descarga es cada N semanas, y la parte que se levanta: 4 o 4:60% (N de 2 a {maxWeeks}, la parte del \
            {lowestDeload}% al {highestDeload}%, 60% si no se dice)
            """
        case .kindProgram: "programa"
        case .kindAssignment: "asignación"
        case .ofProgram: "del programa"
        case .ofAssignment: "de la asignación"
        case .noProgram: "ningún programa"
        case .noAssignment: "ninguna asignación"
        case .severalPrograms: "varios programas"
        case .severalAssignments: "varias asignaciones"
        case .dayTwice: "el día '{day}' aparece dos veces (un entrenamiento por día)"
        case .dayForm:
            "--day \"{text}\": se esperaba \"DÍA: ENTRENAMIENTO\", p. ej. \"lun: Piernas\" (días: {weekdays})"
        case .cycleDayForm:
            "--day \"{text}\": se esperaba \"DÍA: ENTRENAMIENTO\" con DÍA de 1 a {cycle}, p. ej. \"1: A\""
        case .baselineForm:
            """
            --baseline \"{text}\": se esperaba \"EJERCICIO=CARGA\", p. ej. \"Peso muerto=140kg\" o \"Peso \
            muerto=315lb\"
            """
        case .nothingToChange:
            """
            nada que cambiar: indica --weeks, --cycle, --day, --progress, --no-progress, --deload, --no-deload o \
            --notes
            """
        case .deleteQuestion:
            "¿Borrar el programa '{name}' ({id})? {count|cliente lo sigue|clientes lo siguen} y lo dejarán."
        case .nameTaken: "ya existe un programa llamado '{name}'"
        case .cycleRange: "--cycle es un número de días de 1 a {maxCycle}"
        case .weeksOrCycle: "indica --weeks N (de 1 a {maxWeeks}), o --cycle N para un ciclo de N días"
        case .needsADay: "un programa necesita al menos un --day, p. ej. --day \"lun: Piernas\""
        case .atForm: "--at \"{text}\": se esperaba una hora HH:MM, p. ej. 18:00"
        case .bookNeedsAt: "--book necesita --at HH:MM: la hora de las citas"
        case .shiftRange: "--days es un número de días de 1 a {most}"
        case .notAssigned: "{client} no sigue el programa '{program}'"
        case .followsNone: "{client} no sigue ningún programa"
        case .nameTheProgram: "{client} sigue varios programas: indica uno"
        case .added: "Programa '{name}' añadido."
        case .updated: "Programa '{name}' actualizado."
        case .renamed: "Programa '{old}' renombrado como '{name}'."
        case .deleted: "Programa '{name}' borrado."
        case .duplicated: "Programa '{original}' copiado como '{name}'."
        case .noProgramsForCoach:
            "Aún no hay programas. Añade uno con: gorilla programs add NOMBRE --weeks 8 --day \"lun: ENTRENAMIENTO\""
        case .noProgramsForClient: "Tu entrenador aún no tiene programas."
        case .headerProgram: "Programa"
        case .headerLength: "Duración"
        case .headerDays: "Días"
        case .headerClients: "Clientes"
        case .lengthWeeks: "{count|semana|semanas}"
        case .lengthCycles: "{count|ciclo|ciclos} de {cycle} días"
        case .openCycle: "ciclo de {cycle} días, hasta que se desasigne"
        case .cycleDay: "día {day}"
        case .sectionDays: "Días:"
        case .sectionProgress: "Progresión:"
        case .deloadLine: "Descarga: cada {every} semanas al {share}%"
        case .sectionFollowers: "Clientes:"
        case .followerLine: "{client} desde el {start}"
        case .assigned: "{client} sigue '{program}' desde el {start}."
        case .unassigned: "{client} ya no sigue '{program}'."
        case .shifted: "Los días que quedan de '{program}' para {client} se mueven {days|día|días} más tarde."
        case .todayHeader: "{client} · {program} · semana {week} · {date}"
        case .todayRest: "Hoy no hay entrenamiento: día de descanso."
        case .todayEnded: "El programa '{program}' ha terminado."
        case .todayNotStarted: "El programa '{program}' empieza el {start}."
        case .todayPostponed: "El programa '{program}' está aplazado hoy."
        case .helpPrograms: "Programas: entrenamientos en días durante semanas, con progresión."
        case .helpProgramsAdd: "Añade un programa."
        case .helpWeeks: "Cuántas semanas dura (ciclos, con --cycle)."
        case .helpCycle: "Un ciclo de N días en lugar de una semana."
        case .helpDay: "Un entrenamiento en un día: \"lun: Piernas\", o \"1: A\" en un ciclo (repetible)."
        case .helpProgress:
            """
            Cómo progresa un ejercicio: \"Sentadilla: +2.5kg/semana\", \"Press: 3x8-12, +2.5kg cuando todas las \
            series lleguen a 12\", \"Peso muerto: 70%,75%,80% del e1RM\" (repetible).
            """
        case .helpNoProgress: "Quita la progresión de un ejercicio (repetible)."
        case .helpDeload:
            "Una semana más ligera: cada N semanas a una parte de la carga, 4 o 4:60% (60% si no se indica)."
        case .helpNoDeload: "Quita la descarga."
        case .helpNotes: "Notas del programa."
        case .helpProgramsList: "Lista los programas."
        case .helpProgramsShow: "Muestra un programa: sus días, progresiones y clientes."
        case .helpProgramsEdit: "Cambia un programa."
        case .helpProgramsRename: "Renombra un programa."
        case .helpProgramsDuplicate: "Copia un programa con un nombre nuevo."
        case .helpProgramsRemove: "Borra un programa (sus clientes dejan de seguirlo)."
        case .helpProgramsAssign: "Un cliente sigue un programa desde un día."
        case .helpStart: "El primer día (AAAA-MM-DD)."
        case .helpAt: "La hora de los entrenamientos (HH:MM)."
        case .helpBook: "Reserva los días como citas con su entrenamiento."
        case .helpRepeat: "Vuelve a empezar tras la última semana, y la progresión continúa."
        case .helpBaseline: "Un máximo probado para las oleadas: \"Peso muerto=140kg\" (repetible)."
        case .helpClient: "El cliente."
        case .helpProgramsUnassign: "Un cliente deja de seguir un programa."
        case .helpProgramsShift: "Mueve más tarde los días que quedan a un cliente (enfermedad, vacaciones)."
        case .helpShiftDays: "Cuántos días más tarde."
        case .helpShiftFrom: "El primer día que se mueve (hoy si no se indica)."
        case .helpProgramOptional: "El programa (necesario si el cliente sigue varios)."
        case .helpToday: "El entrenamiento de hoy de un programa, con sus objetivos."
        case .helpDate: "Otro día (AAAA-MM-DD)."
        case .icsPlanned: "{training} ({client})"
        case .icsPlannedWeek: "Programa {program}, semana {week}"
        case .plannedTitle: "Entrenamientos planificados:"
        case .plannedLine: "{when}  {client}{training} ({program}, semana {week})"
        case .currentWeek: "Programa: {program}, semana {week}, día {day}"
        case .currentStarts: "Programa: {program}, desde el {start}"
        case .currentEnded: "Programa: {program}, terminado"
        case .todayAlone:
            """
            --today entrena el entrenamiento del día del programa del cliente: quita --training, --free, --repeat y \
            --next
            """
        case .noWorkoutToday: "hoy no hay entrenamiento de '{program}'"
        case .helpTrainToday: "Entrena el entrenamiento de hoy del programa del cliente, con sus objetivos como plan."
        }
    }
}
