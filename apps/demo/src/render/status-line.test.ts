import { describe, expect, it } from 'vitest';
import { StatusLine, type Terminal, truncateVisible } from './status-line.js';

class FakeTerminal implements Terminal {
  output = '';
  rows: number;
  columns: number;
  readonly listeners = new Set<() => void>();
  constructor(rows: number, columns: number) {
    this.rows = rows;
    this.columns = columns;
  }
  write(text: string): boolean {
    this.output += text;
    return true;
  }
  on(_event: 'resize', listener: () => void): this {
    this.listeners.add(listener);
    return this;
  }
  off(_event: 'resize', listener: () => void): this {
    this.listeners.delete(listener);
    return this;
  }
  take(): string {
    const text = this.output;
    this.output = '';
    return text;
  }
}

const E = '\u001b';

describe('StatusLine', () => {
  it('pins the line to the bottom row with a scroll region, redraws it in place, and gives the row back', () => {
    const terminal = new FakeTerminal(24, 80);
    const status = new StatusLine(terminal);
    status.start('iteration 1');
    expect(terminal.take()).toBe(
      `\n${E}[1A${E}7${E}[1;23r${E}8` + `${E}7${E}[24;1H${E}[2Kiteration 1${E}8`,
    );
    expect(status.active).toBe(true);

    status.update('iteration 2');
    expect(terminal.take()).toBe(`${E}7${E}[24;1H${E}[2Kiteration 2${E}8`);

    terminal.rows = 30;
    for (const listener of terminal.listeners) listener();
    expect(terminal.take()).toBe(`${E}7${E}[1;29r${E}8${E}7${E}[30;1H${E}[2Kiteration 2${E}8`);

    status.stop();
    expect(terminal.take()).toBe(`${E}7${E}[30;1H${E}[2K${E}[r${E}8`);
    expect(terminal.listeners.size).toBe(0);
    status.stop();
    status.update('late');
    expect(terminal.take()).toBe('');
  });

  it('cuts the line to the terminal width and draws nothing on a tiny terminal', () => {
    const narrow = new FakeTerminal(10, 6);
    new StatusLine(narrow).start('abcdefghij');
    expect(narrow.take()).toContain(`${E}[2Kabcde${E}[0m${E}8`);

    const tiny = new FakeTerminal(3, 80);
    const status = new StatusLine(tiny);
    status.start('hidden');
    status.update('still hidden');
    status.stop();
    expect(tiny.take()).toBe('');
    expect(status.active).toBe(false);
  });
});

describe('truncateVisible', () => {
  it('counts visible characters only and keeps styles whole', () => {
    expect(truncateVisible('plain', 10)).toBe('plain');
    expect(truncateVisible(`${E}[2mdim text${E}[22m`, 3)).toBe(`${E}[2mdim${E}[0m`);
    expect(truncateVisible('⠋ é🙂x', 3)).toBe(`⠋ é${E}[0m`);
  });
});
