import { ValidationError } from '@aigo/ai';

/** A comparison operator of the gate grammar. */
export type GateOperator = '<' | '<=' | '>' | '>=' | '==' | '!=';

/** What a gate reads: a scorer's `mean` (the default) or `passRate`, or a built-in metric. */
export interface GateMetric {
  /** A scorer name, or `cost`, `costPerCase`, `p50`, `p95`, `errors`. */
  readonly name: string;
  /** For scorers: `mean` or `passRate`. */
  readonly field: 'mean' | 'passRate' | undefined;
}

/** A parsed `--fail-if` expression. */
export type GateExpression =
  | { readonly kind: 'or' | 'and'; readonly items: readonly GateExpression[] }
  | { readonly kind: 'not'; readonly item: GateExpression }
  | {
      readonly kind: 'compare';
      readonly metric: GateMetric;
      readonly operator: GateOperator;
      readonly value: number;
      /** `1.2x`: the value times the baseline's figure. */
      readonly relative: boolean;
      /** The comparison as written. */
      readonly text: string;
    };

type Token =
  | { readonly type: 'name'; readonly text: string; readonly at: number }
  | {
      readonly type: 'number';
      readonly value: number;
      readonly relative: boolean;
      readonly text: string;
      readonly at: number;
    }
  | { readonly type: 'op'; readonly text: GateOperator; readonly at: number }
  | {
      readonly type: 'punct';
      readonly text: '(' | ')' | '!' | '&&' | '||' | '.';
      readonly at: number;
    };

const TOKEN =
  /\s*(?:(?<number>[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?)(?<unit>x|%)?(?![\w.])|(?<name>[A-Za-z_][\w-]*)|(?<op><=|>=|==|!=|<|>)|(?<punct>&&|\|\||[()!.]))/y;

/**
 * Parses a `--fail-if` expression: comparisons of metrics with numbers, joined with `&&`, `||`,
 * `!` and parentheses. A metric is a scorer's name (its mean), `name.passRate`, `name.mean`, or
 * `cost` (total task cost), `costPerCase`, `p50` and `p95` (latency in ms), `errors` (failed runs).
 * A number may end in `%` (÷ 100) or `x` (times the baseline's figure: `cost > 1.2x`).
 *
 * @example
 * parseFailIf('accuracy < 0.9 || cost > 1.2x')
 *
 * @throws ValidationError pointing at the first character it cannot read.
 */
export function parseFailIf(expression: string): GateExpression {
  if (typeof expression !== 'string' || expression.trim() === '') {
    throw new ValidationError(
      'failIf',
      'must be an expression such as "accuracy < 0.9 || cost > 1.2x"',
    );
  }
  const tokens = tokenize(expression);
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const fail = (message: string, at = peek()?.at ?? expression.length): never => {
    throw new ValidationError('failIf', `${message} at character ${at + 1} of "${expression}"`);
  };
  const isPunct = (text: string): boolean => {
    const token = peek();
    return token?.type === 'punct' && token.text === text;
  };

  const parseOr = (): GateExpression => {
    const items = [parseAnd()];
    while (isPunct('||')) {
      position++;
      items.push(parseAnd());
    }
    return items.length === 1 ? (items[0] as GateExpression) : { kind: 'or', items };
  };
  const parseAnd = (): GateExpression => {
    const items = [parseUnary()];
    while (isPunct('&&')) {
      position++;
      items.push(parseUnary());
    }
    return items.length === 1 ? (items[0] as GateExpression) : { kind: 'and', items };
  };
  const parseUnary = (): GateExpression => {
    if (isPunct('!')) {
      position++;
      return { kind: 'not', item: parseUnary() };
    }
    if (isPunct('(')) {
      position++;
      const inner = parseOr();
      if (!isPunct(')')) fail('expected ")"');
      position++;
      return inner;
    }
    return parseComparison();
  };
  const parseComparison = (): GateExpression => {
    const start = peek();
    if (start?.type !== 'name')
      return fail('expected a metric (a scorer name, cost, costPerCase, p50, p95, errors)');
    position++;
    let field: GateMetric['field'];
    if (isPunct('.')) {
      position++;
      const fieldToken = peek();
      if (
        fieldToken?.type !== 'name' ||
        (fieldToken.text !== 'mean' && fieldToken.text !== 'passRate')
      ) {
        return fail('expected "mean" or "passRate" after "."');
      }
      field = fieldToken.text;
      position++;
    }
    const operator = peek();
    if (operator?.type !== 'op') return fail('expected a comparison (<, <=, >, >=, ==, !=)');
    position++;
    const value = peek();
    if (value?.type !== 'number') return fail('expected a number (0.9, 90%, 1.2x)');
    position++;
    const end = value.at + value.text.length;
    return {
      kind: 'compare',
      metric: { name: start.text, field },
      operator: operator.text,
      value: value.value,
      relative: value.relative,
      text: expression.slice(start.at, end).trim(),
    };
  };

  const parsed = parseOr();
  if (position < tokens.length) fail('unexpected text');
  return parsed;
}

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < expression.length) {
    if (/^\s*$/.test(expression.slice(at))) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(expression);
    if (match === null || match.groups === undefined) {
      const where = at + (expression.slice(at).length - expression.slice(at).trimStart().length);
      throw new ValidationError('failIf', `cannot read character ${where + 1} of "${expression}"`);
    }
    const start = at + (match[0].length - match[0].trimStart().length);
    const { number, unit, name, op, punct } = match.groups;
    if (number !== undefined) {
      const base = Number(number);
      tokens.push({
        type: 'number',
        value: unit === '%' ? base / 100 : base,
        relative: unit === 'x',
        text: `${number}${unit ?? ''}`,
        at: start,
      });
    } else if (name !== undefined) tokens.push({ type: 'name', text: name, at: start });
    else if (op !== undefined) tokens.push({ type: 'op', text: op as GateOperator, at: start });
    else
      tokens.push({ type: 'punct', text: punct as '(' | ')' | '!' | '&&' | '||' | '.', at: start });
    at = TOKEN.lastIndex;
  }
  return tokens;
}
