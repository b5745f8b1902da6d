/** The part of a terminal stream the status line needs (`process.stdout` when it is a TTY). */
export interface Terminal {
  write(text: string): unknown;
  readonly rows: number;
  readonly columns: number;
  on(event: 'resize', listener: () => void): unknown;
  off(event: 'resize', listener: () => void): unknown;
}

const ESC = '\u001b';
const SAVE = `${ESC}7`;
const RESTORE = `${ESC}8`;
const CLEAR_LINE = `${ESC}[2K`;
const RESET_REGION = `${ESC}[r`;
/** An SGR (style) escape sequence at the start of a string. */
const SGR = new RegExp(`^${ESC}\\[[0-9;]*m`);

/**
 * A status line pinned to the bottom row of a terminal while the text above it scrolls — the way
 * apt draws its progress bar: a scroll region (DECSTBM) covers every row but the last, so streamed
 * text, partial lines included, never overwrites the status, and the status is redrawn in place
 * with the cursor saved and restored around it. `stop()` gives the row back.
 *
 * On a terminal with fewer than 4 rows it draws nothing.
 */
export class StatusLine {
  readonly #terminal: Terminal;
  #text = '';
  #active = false;
  #rows = 0;
  readonly #onResize = (): void => {
    if (!this.#active) return;
    this.#rows = this.#terminal.rows;
    this.#terminal.write(`${SAVE}${ESC}[1;${this.#rows - 1}r${RESTORE}`);
    this.#draw();
  };

  constructor(terminal: Terminal) {
    this.#terminal = terminal;
  }

  /** Whether the line is on screen. */
  get active(): boolean {
    return this.#active;
  }

  /** Reserves the bottom row and draws the line. */
  start(text = ''): void {
    if (this.#active || this.#terminal.rows < 4) return;
    this.#text = text;
    this.#rows = this.#terminal.rows;
    // A new line and back up, so the cursor is never on the row the status takes; then the scroll
    // region (which moves the cursor home, hence the save and restore).
    this.#terminal.write(`\n${ESC}[1A${SAVE}${ESC}[1;${this.#rows - 1}r${RESTORE}`);
    this.#active = true;
    this.#terminal.on('resize', this.#onResize);
    this.#draw();
  }

  /** Replaces the text of the line. */
  update(text: string): void {
    this.#text = text;
    if (this.#active) this.#draw();
  }

  /** Clears the line and gives the bottom row back to the text. */
  stop(): void {
    if (!this.#active) return;
    this.#active = false;
    this.#terminal.off('resize', this.#onResize);
    this.#terminal.write(`${SAVE}${ESC}[${this.#rows};1H${CLEAR_LINE}${RESET_REGION}${RESTORE}`);
  }

  #draw(): void {
    const width = Math.max(this.#terminal.columns - 1, 1);
    const text = truncateVisible(this.#text, width);
    this.#terminal.write(`${SAVE}${ESC}[${this.#rows};1H${CLEAR_LINE}${text}${RESTORE}`);
  }
}

/** Cuts `text` to `width` visible characters, keeping ANSI styles intact (and closing them). */
export function truncateVisible(text: string, width: number): string {
  let visible = 0;
  let out = '';
  for (let index = 0; index < text.length; ) {
    const style = SGR.exec(text.slice(index));
    if (style !== null) {
      out += style[0];
      index += style[0].length;
      continue;
    }
    const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
    if (visible === width) return `${out}${ESC}[0m`;
    out += character;
    visible++;
    index += character.length;
  }
  return out;
}
