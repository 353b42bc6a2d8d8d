// The llm_prompt template: `{{…}}` evidence markers substituted from the hook input, each wrapped as untrusted data.
// STUB (groundwork): the runtime part replaces this file. Must not throw.

/** The prompt sent to the model for `template`, given the hook's wire JSON. */
export function renderJudgePrompt(template: string, hookInput: string): string {
  return `${template}\n\n${hookInput}`;
}
