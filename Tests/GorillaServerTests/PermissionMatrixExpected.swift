/// The reviewed answers of the access table, written by hand from the product's rules (docs/security.md), never
/// generated from ``GorillaShared/Access``: `PermissionMatrixTests` compares both the table and a real server with
/// them, so a wrong cell in the table fails the suite instead of testing itself.
///
/// Columns are role:relation. `coach:other` is another tenant's coach; `client:other` another tenant's client and
/// another client of the same coach. Answers: `yes`; `no`; `.` (the relation cannot arise for that kind and action,
/// and the table must grant nothing there); or the condition the row must meet: `recorder` (the account created it),
/// `recipient` (addressed to the account), `same-role` (recorded by an account of the same role), `party` (the account
/// sent it or it is addressed to it: each coach of a client has a conversation of her own with them).
enum PermissionMatrixExpected {
    static let columns = ["coach:own", "coach:ownClient", "coach:other", "client:own", "client:coach", "client:other"]

    static let cells = """
        # kind       action  coach:own coach:ownClient coach:other client:own client:coach client:other
        machine      create  yes       .               .           .          no           .
        machine      read    yes       .               no          .          yes          no
        machine      update  yes       .               no          .          no           no
        machine      delete  yes       .               no          .          no           no
        exercise     create  yes       .               .           .          no           .
        exercise     read    yes       .               no          .          yes          no
        exercise     update  yes       .               no          .          no           no
        exercise     delete  yes       .               no          .          no           no
        training     create  yes       .               .           .          no           .
        training     read    yes       .               no          .          yes          no
        training     update  yes       .               no          .          no           no
        training     delete  yes       .               no          .          no           no
        client       create  .         yes             .           no         .            .
        client       read    .         yes             no          yes        .            no
        client       update  .         yes             no          no         .            no
        client       delete  .         yes             no          no         .            no
        event        create  .         yes             no          yes        .            no
        event        read    .         yes             no          yes        .            no
        event        update  .         yes             no          yes        .            no
        event        delete  .         yes             no          no         .            no
        message      create  .         party           no          yes        .            no
        message      read    .         party           no          yes        .            no
        message      update  .         recipient       no          recipient  .            no
        message      delete  .         no              no          no         .            no
        measurement  create  .         yes             no          yes        .            .
        measurement  read    .         yes             no          yes        .            no
        measurement  update  .         yes             no          yes        .            no
        measurement  delete  .         yes             no          yes        .            no
        session      create  .         yes             no          yes        .            no
        session      read    .         yes             no          yes        .            no
        session      update  .         yes             no          same-role  .            no
        session      delete  .         yes             no          no         .            no
        draft        create  .         recorder        no          recorder   .            .
        draft        read    .         recorder        no          recorder   .            no
        draft        update  .         recorder        no          recorder   .            no
        draft        delete  .         recorder        no          recorder   .            no
        conflict     create  .         no              .           no         .            .
        conflict     read    recorder  no              no          recorder   .            no
        conflict     update  no        no              no          no         .            no
        conflict     delete  no        no              no          no         .            no
        program      create  yes       .               .           .          no           .
        program      read    yes       .               no          .          yes          no
        program      update  yes       .               no          .          no           no
        program      delete  yes       .               no          .          no           no
        assignment   create  .         yes             no          no         .            no
        assignment   read    .         yes             no          yes        .            no
        assignment   update  .         yes             no          no         .            no
        assignment   delete  .         yes             no          no         .            no
        """

    /// Fields that differ from the rest of their kind, for a coach on her client's row and for the client on their
    /// own (an update sends only that field, on a row that meets the condition). `server`: only the server writes it
    /// (refused, 9); `fixed`: it never changes after the create (refused, 9).
    static let fields = """
        # kind.field        action  coach:ownClient client:own
        client.notes        read    yes             no
        client.name         read    yes             yes
        client.status       update  server          server
        client.notes        update  yes             no
        event.answer        update  no              yes
        event.answerNote    update  no              yes
        event.note          update  yes             no
        event.start         update  yes             no
        event.status        update  yes             no
        event.series        update  fixed           no
        event.answer        create  no
        message.read        update  recipient       recipient
        message.text        update  no              no
        session.notes       update  yes             same-role
        session.mode        update  fixed           fixed
        session.client      update  fixed           fixed
        session.revision    update  server          server
        session.recordedBy  update  server          server
        """

    /// A colleague of the gym a client is shared with (`coach:sharedClient`), on the rows about that client: she reads
    /// them (not the private notes, and of the messages only her own conversation with the client), records sessions
    /// and appointments, writes to the client, and changes only what she created; she reads the catalogue of the coach
    /// who shares the client (`coach:sharingCoach`), and changes none of it. `GymPermissionMatrixTests`,
    /// `SharedClientWriteTests` and `SharedClientMessageTests` check them on a real server.
    static let shared = """
        # kind              action  coach:sharedClient  coach:sharingCoach
        machine             create  .                   .
        machine             read    .                   yes
        machine             update  .                   no
        machine             delete  .                   no
        exercise            create  .                   .
        exercise            read    .                   yes
        exercise            update  .                   no
        exercise            delete  .                   no
        training            create  .                   .
        training            read    .                   yes
        training            update  .                   no
        training            delete  .                   no
        client              create  no                  .
        client              read    yes                 .
        client              update  no                  .
        client              delete  no                  .
        event               create  recorder            .
        event               read    yes                 .
        event               update  recorder            .
        event               delete  recorder            .
        message             create  party               .
        message             read    party               .
        message             update  recipient           .
        message             delete  no                  .
        measurement         create  no                  .
        measurement         read    yes                 .
        measurement         update  no                  .
        measurement         delete  no                  .
        session             create  recorder            .
        session             read    yes                 .
        session             update  recorder            .
        session             delete  recorder            .
        draft               create  recorder            .
        draft               read    recorder            .
        draft               update  recorder            .
        draft               delete  recorder            .
        conflict            create  no                  .
        conflict            read    no                  .
        conflict            update  no                  .
        conflict            delete  no                  .
        program             create  .                   .
        program             read    .                   yes
        program             update  .                   no
        program             delete  .                   no
        assignment          create  no                  .
        assignment          read    no                  .
        assignment          update  no                  .
        assignment          delete  no                  .
        client.notes        read    no
        event.answer        create  no
        event.answer        update  no
        event.recorder      update  server
        session.recorder    update  server
        session.recordedBy  update  server
        """
}
