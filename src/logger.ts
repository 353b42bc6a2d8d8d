// Leveled logging to stderr. stdout is the protocol channel: nothing in hookd may log anywhere else.
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type Logger = {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
};

export function createLogger(level: LogLevel = 'warn', write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const at = (lineLevel: LogLevel) => (message: string) => {
    if (LOG_LEVELS.indexOf(lineLevel) <= threshold) write(`[hookd ${lineLevel}] ${message}\n`);
  };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
