import Foundation
import GorillaClientCore
import GorillaShared

extension SessionRecorder {
    /// The line of feedback under the sets (``notice``) in the current language: "added Crunch", "nothing to undo".
    package var message: String? { notice.map(TrainScreen.text(of:)) }
}

extension TrainScreen {
    /// A notice of the recorder in the current language.
    static func text(of notice: SessionRecorder.Notice) -> String {
        switch notice {
        case .paused: TrainingPhrases.noticePaused.t()
        case .addExerciseFirst: TrainingPhrases.noticeAddExerciseFirst.t()
        case .noSetRunning: TrainingPhrases.noticeNoSetRunning.t()
        case .typeTheSet: TrainingPhrases.noticeTypeTheSet.t()
        case .badTypedSet(let timed):
            TrainingPhrases.noticeBadTypedSet.t() + (timed ? TrainingPhrases.noticeOrATime.t() : "")
        case .nothingToPassOver: TrainingPhrases.noticeNothingToPassOver.t()
        case .passedOver(let number, let exercise):
            TrainingPhrases.noticePassedOver.t(["number": number, "exercise": exercise])
        case .tooManySets(let exercise): TrainingPhrases.noticeTooManySets.t(["exercise": exercise])
        case .next(let exercise): TrainingPhrases.noticeNext.t(["exercise": exercise])
        case .planDone: TrainingPhrases.noticePlanDone.t()
        case .endSetFirst: TrainingPhrases.noticeEndSetFirst.t()
        case .removed(let exercise): TrainingPhrases.noticeRemoved.t(["exercise": exercise])
        case .tooManyExercises(let limit): TrainingPhrases.noticeTooManyExercises.t(["limit": limit])
        case .added(let exercise, let new):
            (new ? TrainingPhrases.noticeAddedNew : TrainingPhrases.noticeAdded).t(["exercise": exercise])
        case .noSetToEdit: TrainingPhrases.noticeNoSetToEdit.t()
        case .editingKeys: TrainingPhrases.editingKeys.t()
        case .deletedSet(let number, let exercise, let set):
            TrainingPhrases.noticeDeletedSet.t([
                "number": number, "exercise": exercise, "set": SessionRecorder.text(of: set),
            ])
        case .toDoAgain(let number, let exercise):
            TrainingPhrases.noticeToDoAgain.t(["number": number, "exercise": exercise])
        case .undone(let number, let exercise, let set):
            TrainingPhrases.noticeUndone.t([
                "number": number, "exercise": exercise, "set": SessionRecorder.text(of: set),
            ])
        case .nothingToUndo: TrainingPhrases.noticeNothingToUndo.t()
        case .keepsOneSet: TrainingPhrases.noticeKeepsOneSet.t()
        case .badWeight(let lowest, let highest):
            TrainingPhrases.noticeBadWeight.t(["lowest": lowest, "highest": highest])
        case .noteRemoved: TrainingPhrases.noticeNoteRemoved.t()
        case .noteKept: TrainingPhrases.noticeNoteKept.t()
        case .badEditedSet: TrainingPhrases.noticeBadEditedSet.t()
        case .changed(let number, let exercise, let set):
            TrainingPhrases.noticeChanged.t([
                "number": number, "exercise": exercise, "set": SessionRecorder.text(of: set),
            ])
        case .typeAName: TrainingPhrases.noticeTypeAName.t()
        case .noExerciseChosen: TrainingPhrases.noticeNoExerciseChosen.t()
        }
    }
}
