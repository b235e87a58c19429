/** Bytes of `value` serialized as compact JSON, UTF-8 (the unit of every retrieval bound). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), "utf8");
}
