/** The games for more than two (docs/notation.md#games-for-more-than-two): see lib/rules/index.ts. */
export { isMultiVariant, MultiGame, multiGameInfo, multiVariantIds, type MultiArmy, type MultiCell, type MultiGameInfo, type MultiLegalMove, type MultiStatus, type MultiEndReason } from "./game";
