export { GameError, type GameErrorCode } from "./errors";
export { DAYS_PER_MOVE, challengeInput, moveInput, type ChallengeInput, type MoveInput } from "./inputs";
export {
  createChallenge, acceptInvitation, declineInvitation, withdrawInvitation,
  submitMove, resign, offerDraw, acceptDraw, declineDraw, claimDraw, loadRules,
  type CreatedChallenge, type MoveResult,
} from "./service";
export {
  getGameView, gameVersion, gamesOfPlayer, openChallenges, challengesFor, invitationByToken, playerByName,
  type GameView, type GameSummary, type OpenChallenge,
} from "./queries";
export { describeEnd, gameUrl } from "./notify";
export {
  runClock, giveExtraDay, startVacation, endVacation, vacationLeftSeconds, reminderLeadMs, VACATION_DAYS_PER_YEAR,
  type ClockReport,
} from "./clock";
