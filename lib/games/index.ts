export { GameError, type GameErrorCode } from "./errors";
export { DAYS_PER_MOVE, challengeInput, chooseSetupInput, moveInput, type ChallengeInput, type ChooseSetupInput, type MoveInput } from "./inputs";
export { boardWhileChoosing, setupStage, type SetupStage } from "./setups";
export {
  createChallenge, acceptInvitation, declineInvitation, withdrawInvitation,
  submitMove, chooseSetup, resign, offerDraw, acceptDraw, declineDraw, claimDraw, loadRules,
  type CreatedChallenge, type MoveResult, type SetupChoice,
} from "./service";
export {
  getGameView, gameVersion, gamesOfPlayer, openChallenges, challengesFor, invitationByToken, playerByName,
  type GameView, type GameSummary, type OpenChallenge,
} from "./queries";
export { describeEnd, gameUrl } from "./notify";
export { resultMark } from "./result-mark";
export {
  runClock, giveExtraDay, startVacation, endVacation, vacationLeftSeconds, reminderLeadMs, VACATION_DAYS_PER_YEAR,
  type ClockReport,
} from "./clock";
export { addConditionalLine, conditionalLinesOf, deleteConditionalLine, type ConditionalLineView } from "./conditional";
export {
  postChat, setMute, reportMessage, saveNote, CHAT_PER_MINUTE, CHAT_PER_DAY, CHAT_SHOWN, CHAT_QUOTE_MAX,
  type ChatView, type ChatLine,
} from "./chat";
export { chatInput, muteInput, noteInput, reportInput, NOTE_MAX, CHAT_MESSAGE_MAX } from "./inputs";
export {
  createMultiChallenge, submitMultiMove, resignMulti, getMultiGameView, openSeats, freeSeats, multiGamesOf, replayMulti, endingWords,
  type MultiGameView, type OpenSeats, type Elimination, type MultiGameSummary,
} from "./multi";
export { multiChallengeInput, type MultiChallengeInput } from "./inputs";
