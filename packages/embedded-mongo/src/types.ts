/** A BSON document as held in memory (values are the driver's BSON classes or JS primitives). */
export type Doc = Record<string, unknown>;

export interface EngineLogger {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
}

export const silentLogger: EngineLogger = { info() {}, warn() {} };
