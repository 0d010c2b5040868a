/// A numeric error code of the wire protocol, with its message in Catalan, Spanish and English.
///
/// Codes 1–6 are the seed's `errors` table; the rest extend it. Codes are frozen once shipped.
package struct WireErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    /// The catalogue entry's message in `language`; unknown codes get a generic message.
    package func message(in language: Language) -> String {
        guard let entry = WireErrorCode.catalogue[rawValue] else {
            return WireErrorCode.catalogue[WireErrorCode.internalError.rawValue]!.message(in: language)
        }
        return entry.message(in: language)
    }

    /// The symbolic name of the code, as used in documentation and logs.
    package var name: String { WireErrorCode.catalogue[rawValue]?.name ?? "unknown" }
    package var description: String { "\(rawValue) (\(name))" }
}

/// One row of the error catalogue.
package struct CatalogueEntry: Sendable {
    package let name: String
    package let ca: String
    package let es: String
    package let en: String

    package func message(in language: Language) -> String {
        switch language {
        case .ca: ca
        case .es: es
        case .en: en
        }
    }
}

extension WireErrorCode {
    // The seed's table.
    package static let wrongCredentials = WireErrorCode(rawValue: 1)
    package static let usernameInUse = WireErrorCode(rawValue: 3)
    package static let missingFields = WireErrorCode(rawValue: 4)
    package static let registrationFailed = WireErrorCode(rawValue: 5)
    package static let invalidCode = WireErrorCode(rawValue: 6)
    // Accounts.
    package static let emailInUse = WireErrorCode(rawValue: 7)
    package static let weakPassword = WireErrorCode(rawValue: 8)
    package static let invalidField = WireErrorCode(rawValue: 9)
    package static let codeExpired = WireErrorCode(rawValue: 10)
    package static let codeUsed = WireErrorCode(rawValue: 11)
    package static let invalidResetToken = WireErrorCode(rawValue: 12)
    package static let accountDisabled = WireErrorCode(rawValue: 13)
    // Protocol.
    package static let malformedRequest = WireErrorCode(rawValue: 100)
    package static let unknownOperation = WireErrorCode(rawValue: 101)
    package static let lineTooLong = WireErrorCode(rawValue: 102)
    package static let unsupportedVersion = WireErrorCode(rawValue: 103)
    package static let helloRequired = WireErrorCode(rawValue: 104)
    // Access.
    package static let notAuthenticated = WireErrorCode(rawValue: 110)
    package static let forbidden = WireErrorCode(rawValue: 111)
    package static let notFound = WireErrorCode(rawValue: 112)
    package static let rateLimited = WireErrorCode(rawValue: 113)
    package static let tooManyConnections = WireErrorCode(rawValue: 114)
    // Data.
    package static let nameTaken = WireErrorCode(rawValue: 120)
    package static let inUse = WireErrorCode(rawValue: 121)
    package static let invalidImage = WireErrorCode(rawValue: 122)
    package static let tooLarge = WireErrorCode(rawValue: 123)
    package static let invalidReference = WireErrorCode(rawValue: 124)
    package static let deleted = WireErrorCode(rawValue: 125)
    /// A session corrected as many times as a session may be (``TrainingSession/maxRevisions``).
    package static let tooManyRevisions = WireErrorCode(rawValue: 126)
    package static let notAnOccurrence = WireErrorCode(rawValue: 127)
    // Gyms.
    /// A gym operation asked by a coach who belongs to no gym.
    package static let notInGym = WireErrorCode(rawValue: 130)
    /// Making or joining a gym while already in one.
    package static let alreadyInGym = WireErrorCode(rawValue: 131)
    /// The last owner leaving, stepping down or being removed: a gym has an owner at all times.
    package static let lastOwner = WireErrorCode(rawValue: 132)
    /// A username that is no member of the asking coach's gym.
    package static let notAGymMember = WireErrorCode(rawValue: 133)
    /// Something only the web door serves (a calendar feed) on a server started without one (`--no-web`).
    package static let noWebDoor = WireErrorCode(rawValue: 134)
    // Server.
    package static let internalError = WireErrorCode(rawValue: 500)
    package static let unavailable = WireErrorCode(rawValue: 503)

    /// Every code with its messages.
    package static let catalogue: [Int: CatalogueEntry] = {
        func e(_ code: WireErrorCode, _ name: String, _ ca: String, _ es: String, _ en: String) -> (Int, CatalogueEntry)
        {
            (code.rawValue, CatalogueEntry(name: name, ca: ca, es: es, en: en))
        }
        return Dictionary(uniqueKeysWithValues: [
            e(
                .wrongCredentials, "wrongCredentials",
                "Usuari o contrasenya incorrectes", "Usuario o contraseña incorrectos", "Wrong username or password"),
            e(
                .usernameInUse, "usernameInUse",
                "Aquest nom d'usuari ja està en ús", "Este nombre de usuario ya existe", "Username already in use"),
            e(
                .missingFields, "missingFields",
                "Si us plau, empleneu tots els camps", "Por favor, rellene todos los campos",
                "Please fill all the fields"),
            e(
                .registrationFailed, "registrationFailed",
                "Hi ha hagut un error durant el registre", "Ha ocurrido un error durante el registro",
                "An error occurred while setting up your account"),
            e(
                .invalidCode, "invalidCode",
                "El codi de verificació no és vàlid", "El código de verificación no es válido",
                "This verification code is not valid"),
            e(
                .emailInUse, "emailInUse",
                "Aquest correu electrònic ja està en ús", "Este correo electrónico ya está en uso",
                "Email already in use"),
            e(
                .weakPassword, "weakPassword",
                "La contrasenya ha de tenir almenys 8 caràcters", "La contraseña debe tener al menos 8 caracteres",
                "The password must have at least 8 characters"),
            e(
                .invalidField, "invalidField",
                "Hi ha un camp amb un valor no vàlid", "Hay un campo con un valor no válido",
                "A field has an invalid value"),
            e(
                .codeExpired, "codeExpired",
                "El codi de registre ha caducat; demaneu-ne un de nou al vostre entrenador",
                "El código de registro ha caducado; pida uno nuevo a su entrenador",
                "This registration code has expired; ask your coach for a new one"),
            e(
                .codeUsed, "codeUsed",
                "Aquest codi de registre ja s'ha fet servir", "Este código de registro ya se ha usado",
                "This registration code has already been used"),
            e(
                .invalidResetToken, "invalidResetToken",
                "El codi de restabliment no és vàlid o ha caducat",
                "El código de restablecimiento no es válido o ha caducado",
                "The reset token is not valid or has expired"),
            e(
                .accountDisabled, "accountDisabled",
                "El vostre entrenador ha tancat aquest compte", "Su entrenador ha cerrado esta cuenta",
                "Your coach has closed this account"),
            e(
                .malformedRequest, "malformedRequest",
                "La petició no és vàlida", "La petición no es válida", "Malformed request"),
            e(
                .unknownOperation, "unknownOperation",
                "Operació desconeguda", "Operación desconocida", "Unknown operation"),
            e(
                .lineTooLong, "lineTooLong",
                "La línia és massa llarga", "La línea es demasiado larga", "Line too long"),
            e(
                .unsupportedVersion, "unsupportedVersion",
                "Versió del protocol no compatible", "Versión del protocolo no compatible",
                "Unsupported protocol version"),
            e(
                .helloRequired, "helloRequired",
                "Cal començar amb 'hello'", "Hay que empezar con 'hello'", "The first request must be 'hello'"),
            e(
                .notAuthenticated, "notAuthenticated",
                "Cal iniciar la sessió", "Hay que iniciar sesión", "Not logged in"),
            e(
                .forbidden, "forbidden",
                "No teniu permís per fer això", "No tiene permiso para hacer esto", "You are not allowed to do this"),
            e(
                .notFound, "notFound",
                "No s'ha trobat", "No se ha encontrado", "Not found"),
            e(
                .rateLimited, "rateLimited",
                "Massa intents; torneu-ho a provar més tard", "Demasiados intentos; vuelva a intentarlo más tarde",
                "Too many attempts; try again later"),
            e(
                .tooManyConnections, "tooManyConnections",
                "El servidor té massa connexions", "El servidor tiene demasiadas conexiones",
                "The server has too many connections"),
            e(
                .nameTaken, "nameTaken",
                "Aquest nom ja existeix", "Este nombre ya existe", "That name is already in use"),
            e(
                .inUse, "inUse",
                "No es pot eliminar: està en ús", "No se puede eliminar: está en uso", "Cannot delete: it is in use"),
            e(
                .invalidImage, "invalidImage",
                "La imatge ha de ser PNG o JPEG de fins a 2 MiB", "La imagen debe ser PNG o JPEG de hasta 2 MiB",
                "The image must be a PNG or JPEG of at most 2 MiB"),
            e(
                .tooLarge, "tooLarge",
                "Massa dades", "Demasiados datos", "Too much data"),
            e(
                .invalidReference, "invalidReference",
                "Fa referència a una cosa que no existeix", "Hace referencia a algo que no existe",
                "Refers to something that does not exist"),
            e(
                .deleted, "deleted",
                "S'ha eliminat", "Se ha eliminado", "It has been deleted"),
            e(
                .tooManyRevisions, "tooManyRevisions",
                "Aquesta sessió ja té el màxim de correccions; no se'n poden desar més",
                "Esta sesión ya tiene el máximo de correcciones; no se pueden guardar más",
                "This session has been corrected as many times as allowed; no more corrections can be saved"),
            e(
                .notAnOccurrence, "notAnOccurrence",
                "La sèrie no té cap cita aquest dia", "La serie no tiene ninguna cita ese día",
                "The series has no appointment on that day"),
            e(
                .notInGym, "notInGym",
                """
                No ets membre de cap gimnàs: crea'n un amb 'gorilla gym create NOM' \
                o uneix-te a un amb 'gorilla gym join CODI'
                """,
                """
                No eres miembro de ningún gimnasio: crea uno con 'gorilla gym create NOMBRE' \
                o únete a uno con 'gorilla gym join CÓDIGO'
                """,
                """
                You are not a member of a gym: create one with 'gorilla gym create NAME' \
                or join one with 'gorilla gym join CODE'
                """),
            e(
                .alreadyInGym, "alreadyInGym",
                "Ja ets membre d'un gimnàs; primer n'has de sortir",
                "Ya eres miembro de un gimnasio; primero debes salir de él",
                "You already belong to a gym; leave it first"),
            e(
                .lastOwner, "lastOwner",
                "Un gimnàs ha de tenir almenys un propietari: primer cedeix-ne la propietat a un altre membre",
                "Un gimnasio debe tener al menos un propietario: primero cede la propiedad a otro miembro",
                "A gym must have at least one owner: hand ownership over to another member first"),
            e(
                .notAGymMember, "notAGymMember",
                "Aquest entrenador no és membre del teu gimnàs", "Este entrenador no es miembro de tu gimnasio",
                "That coach is not a member of your gym"),
            e(
                .noWebDoor, "noWebDoor",
                "Aquest servidor no té porta web: qui l'administra l'ha engegat amb --no-web",
                "Este servidor no tiene puerta web: quien lo administra lo ha arrancado con --no-web",
                "This server has no web door: its operator started it with --no-web"),
            e(
                .internalError, "internalError",
                "Error intern del servidor", "Error interno del servidor", "Internal server error"),
            e(
                .unavailable, "unavailable",
                "El servidor no pot desar ara mateix; torneu-ho a provar",
                "El servidor no puede guardar ahora; vuelva a intentarlo",
                "The server cannot store data right now; try again"),
        ])
    }()
}
