/** ANSI styling, or none: used only when writing to a terminal and `NO_COLOR` is not set. */
export interface Style {
  bold(text: string): string;
  dim(text: string): string;
  italic(text: string): string;
  cyan(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  red(text: string): string;
  magenta(text: string): string;
}

const wrap =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

const ANSI: Style = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  italic: wrap(3, 23),
  cyan: wrap(36, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  red: wrap(31, 39),
  magenta: wrap(35, 39),
};

const identity = (text: string): string => text;

const PLAIN: Style = {
  bold: identity,
  dim: identity,
  italic: identity,
  cyan: identity,
  green: identity,
  yellow: identity,
  red: identity,
  magenta: identity,
};

/** Colours for a terminal (unless `NO_COLOR` is set, https://no-color.org), none otherwise. */
export function chooseStyle(
  isTTY: boolean,
  env: { readonly NO_COLOR?: string | undefined },
): Style {
  return isTTY && (env.NO_COLOR === undefined || env.NO_COLOR === '') ? ANSI : PLAIN;
}
