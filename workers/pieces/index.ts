// The pieces module's public surface: other modules import it only from here (ADR 079).
export { pieceRoutes } from "./routes";
export { PieceList, PieceReplies, pieceBody, piecePatchBody } from "./schemas";
export type { PieceService } from "./service";
export { pieceService } from "./service";
