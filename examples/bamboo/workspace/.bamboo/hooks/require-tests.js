// Forces one more turn when the agent wants to stop without having run the tests.
let raw = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (raw += chunk));
process.stdin.on('end', () => {
  const input = JSON.parse(raw);
  const said = input.payload?.last_assistant_message ?? '';
  const response = /tests pass/i.test(said) || input.payload?.stop_hook_active ? {} : { decision: 'block', reason: 'Run the tests before you finish.' };
  process.stdout.write(JSON.stringify(response));
});
