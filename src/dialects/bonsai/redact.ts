// Secret redaction with a maintained rule set (secretlint's recommended preset): output excerpts before hooks see
// them, hook stderr, reasons and diagnostics before the client does. STUB (groundwork): the redaction part replaces it.

/** Each text with every secret found replaced; same order and length of list. Never throws. */
export async function redactTexts(texts: readonly string[]): Promise<string[]> {
  return [...texts];
}
