extension ProgramPhrases {
    package var ca: String {
        switch self {
        case .progressionNoColon:
            """
            s'esperava "EXERCICI: PROGRESSIÓ" (no hi ha ':' després del nom de l'exercici), p. ex. "Squat: \
            +2,5kg/setmana"
            """
        case .progressionMissing: "no hi ha cap progressió després de '{name}:' (p. ex. +2,5kg/setmana)"
        case .progressionOfExercise: "la progressió de '{name}': {reason}"
        case .progressionForm:
            """
            una progressió és +2,5kg/setmana, +5%/setmana, +1 rep/setmana, +1 sèrie/2 setmanes, 3x8-12, +2,5kg quan \
            totes les sèries arribin a 12, o 70%,75%,80%,85% de l'e1RM
            """
        case .progressionIncrement: "un increment és +2,5kg, +5lb, +5% (com a màxim {maxPercent}), +1 rep o +1 sèrie"
        case .progressionPeriod: "un període és /setmana o /N setmanes, amb N d'1 a {maxWeeks}"
        case .progressionRange: "un interval és SÈRIESxMÍNIM-MÀXIM amb el mínim no més gran que el màxim: 3x8-12"
        case .progressionTop: "les sèries arriben al màxim de l'interval, {top}; no a {given}"
        case .progressionWave:
            """
            una onada és com a màxim {maxWeeks} percentatges del màxim, cadascun del {lowestShare}% al \
            {highestShare}%: 70%,75%,80%,85% de l'e1RM
            """
        case .deloadForm:
            """
            una descàrrega és cada N setmanes, i la part que s'aixeca: 4 o 4:60% (N de 2 a {maxWeeks}, la part del \
            {lowestDeload}% al {highestDeload}%, 60% si no es diu)
            """
        case .kindProgram: "programa"
        case .kindAssignment: "assignació"
        case .ofProgram: "del programa"
        case .ofAssignment: "de l'assignació"
        case .noProgram: "cap programa"
        case .noAssignment: "cap assignació"
        case .severalPrograms: "diversos programes"
        case .severalAssignments: "diverses assignacions"
        case .dayTwice: "el dia '{day}' surt dues vegades (un entrenament per dia)"
        case .dayForm: "--day \"{text}\": s'esperava \"DIA: ENTRENAMENT\", p. ex. \"dl: Cames\" (dies: {weekdays})"
        case .cycleDayForm: "--day \"{text}\": s'esperava \"DIA: ENTRENAMENT\" amb DIA de 1 a {cycle}, p. ex. \"1: A\""
        case .baselineForm:
            "--baseline \"{text}\": s'esperava \"EXERCICI=CÀRREGA\", p. ex. \"Pes mort=140kg\" o \"Pes mort=315lb\""
        case .nothingToChange:
            "res a canviar: indica --weeks, --cycle, --day, --progress, --no-progress, --deload, --no-deload o --notes"
        case .deleteQuestion:
            "Vols esborrar el programa '{name}' ({id})? {count|client el segueix|clients el segueixen} i el deixaran."
        case .nameTaken: "ja existeix un programa anomenat '{name}'"
        case .cycleRange: "--cycle és un nombre de dies d'1 a {maxCycle}"
        case .weeksOrCycle: "indica --weeks N (d'1 a {maxWeeks}), o --cycle N per a un cicle de N dies"
        case .needsADay: "un programa necessita almenys un --day, p. ex. --day \"dl: Cames\""
        case .atForm: "--at \"{text}\": s'esperava una hora HH:MM, p. ex. 18:00"
        case .bookNeedsAt: "--book necessita --at HH:MM: l'hora de les cites"
        case .shiftRange: "--days és un nombre de dies d'1 a {most}"
        case .notAssigned: "{client} no segueix el programa '{program}'"
        case .followsNone: "{client} no segueix cap programa"
        case .nameTheProgram: "{client} segueix diversos programes: cal indicar quin"
        case .added: "Programa '{name}' afegit."
        case .updated: "Programa '{name}' actualitzat."
        case .renamed: "Programa '{old}' reanomenat com a '{name}'."
        case .deleted: "Programa '{name}' esborrat."
        case .duplicated: "Programa '{original}' copiat com a '{name}'."
        case .noProgramsForCoach:
            "Encara no hi ha programes. Afegeix-ne un amb: gorilla programs add NOM --weeks 8 --day \"dl: ENTRENAMENT\""
        case .noProgramsForClient: "El teu entrenador encara no té programes."
        case .headerProgram: "Programa"
        case .headerLength: "Durada"
        case .headerDays: "Dies"
        case .headerClients: "Clients"
        case .lengthWeeks: "{count|setmana|setmanes}"
        case .lengthCycles: "{count|cicle|cicles} de {cycle} dies"
        case .openCycle: "cicle de {cycle} dies, fins que es desassigni"
        case .cycleDay: "dia {day}"
        case .sectionDays: "Dies:"
        case .sectionProgress: "Progressió:"
        case .deloadLine: "Descàrrega: cada {every} setmanes al {share}%"
        case .sectionFollowers: "Clients:"
        case .followerLine: "{client} des del {start}"
        case .assigned: "{client} segueix '{program}' des del {start}."
        case .unassigned: "{client} ja no segueix '{program}'."
        case .shifted: "Els dies que queden de '{program}' per a {client} es mouen {days|dia|dies} més tard."
        case .todayHeader: "{client} · {program} · setmana {week} · {date}"
        case .todayRest: "Avui no hi ha entrenament: dia de descans."
        case .todayEnded: "El programa '{program}' ha acabat."
        case .todayNotStarted: "El programa '{program}' comença el {start}."
        case .todayPostponed: "El programa '{program}' està ajornat avui."
        case .helpPrograms: "Programes: entrenaments en dies durant setmanes, amb progressió."
        case .helpProgramsAdd: "Afegeix un programa."
        case .helpWeeks: "Quantes setmanes dura (cicles, amb --cycle)."
        case .helpCycle: "Un cicle de N dies en lloc d'una setmana."
        case .helpDay: "Un entrenament en un dia: \"dl: Cames\", o \"1: A\" en un cicle (repetible)."
        case .helpProgress:
            """
            Com progressa un exercici: \"Esquat: +2.5kg/setmana\", \"Press: 3x8-12, +2.5kg quan totes les sèries \
            arribin a 12\", \"Pes mort: 70%,75%,80% de l'e1RM\" (repetible).
            """
        case .helpNoProgress: "Treu la progressió d'un exercici (repetible)."
        case .helpDeload:
            "Una setmana més lleugera: cada N setmanes a una part de la càrrega, 4 o 4:60% (60% si no s'indica)."
        case .helpNoDeload: "Treu la descàrrega."
        case .helpNotes: "Notes del programa."
        case .helpProgramsList: "Llista els programes."
        case .helpProgramsShow: "Mostra un programa: els dies, les progressions i els clients."
        case .helpProgramsEdit: "Canvia un programa."
        case .helpProgramsRename: "Reanomena un programa."
        case .helpProgramsDuplicate: "Copia un programa amb un nom nou."
        case .helpProgramsRemove: "Esborra un programa (els clients el deixen de seguir)."
        case .helpProgramsAssign: "Un client segueix un programa des d'un dia."
        case .helpStart: "El primer dia (AAAA-MM-DD)."
        case .helpAt: "L'hora dels entrenaments (HH:MM)."
        case .helpBook: "Reserva els dies com a cites amb el seu entrenament."
        case .helpRepeat: "Torna a començar després de l'última setmana, i la progressió continua."
        case .helpBaseline: "Un màxim provat per a les onades: \"Pes mort=140kg\" (repetible)."
        case .helpClient: "El client."
        case .helpProgramsUnassign: "Un client deixa de seguir un programa."
        case .helpProgramsShift: "Mou més tard els dies que queden a un client (malaltia, vacances)."
        case .helpShiftDays: "Quants dies més tard."
        case .helpShiftFrom: "El primer dia que es mou (avui si no s'indica)."
        case .helpProgramOptional: "El programa (cal si el client en segueix diversos)."
        case .helpToday: "L'entrenament d'avui d'un programa, amb els objectius."
        case .helpDate: "Un altre dia (AAAA-MM-DD)."
        case .icsPlanned: "{training} ({client})"
        case .icsPlannedWeek: "Programa {program}, setmana {week}"
        case .plannedTitle: "Entrenaments planificats:"
        case .plannedLine: "{when}  {client}{training} ({program}, setmana {week})"
        case .currentWeek: "Programa: {program}, setmana {week}, dia {day}"
        case .currentStarts: "Programa: {program}, des del {start}"
        case .currentEnded: "Programa: {program}, acabat"
        case .todayAlone:
            "--today entrena l'entrenament del dia del programa del client: treu --training, --free, --repeat i --next"
        case .noWorkoutToday: "avui no hi ha entrenament de '{program}'"
        case .helpTrainToday: "Entrena l'entrenament d'avui del programa del client, amb els objectius com a pla."
        }
    }
}
