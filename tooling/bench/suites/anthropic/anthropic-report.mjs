// The Anthropic section of the bench report: the summary rows (one per figure: @aigo/anthropic's
// ratio to its floor against @aigo/openai's in the same run, and against both anchors) and the
// details table (every stack's ratio, the controls, installed sizes).
import { inTolerance, num, row, times } from '../../runner/report/format.mjs';
import { sizeDetails } from '../../runner/report/section-details.mjs';

const ratioText = (f) =>
  f === undefined ? '—' : `${times(f.ratio)}${inTolerance(f.control) ? '' : ' (VOID)'}`;

/** The verdict of one figure: VOID, over the 1.05× target, behind an anchor, or ok. */
function verdict(figure, target) {
  if (figure.aigo === undefined || figure.openai === undefined) return 'failed: no figure';
  if (!figure.valid) return 'VOID (control out of 1.00 ± 0.03)';
  if (!figure.withinTarget)
    return `**over target** (${times(figure.relative)} of @aigo/openai's, > ${times(target)})`;
  if (!figure.aheadOfAnchors) return '**behind an anchor**';
  return 'ok';
}

/** The summary rows: aigo's ratio, @aigo/openai's as the "floor" column, their quotient as the ratio. */
export function anthropicRows(result) {
  return result.figures.map((figure) => [
    '@aigo/anthropic',
    `${figure.label} (vs @aigo/openai's ratio to its floor, same run)`,
    ratioText(figure.aigo),
    ratioText(figure.openai),
    figure.relative === undefined ? '—' : `**${times(figure.relative)}**`,
    figure.aigo === undefined ? '—' : num(figure.aigo.control, 3),
    `≤ ${times(result.relativeTarget)}, ahead of both anchors`,
    verdict(figure, result.relativeTarget),
  ]);
}

/** The details: every stack's ratio to its floor per figure, then the installed sizes. */
export function anthropicDetails(result) {
  const stacks = ['anthropic-aigo', 'aigo-openai', 'anthropic-sdk', 'anthropic-ai-sdk'];
  const lines = [
    `### @aigo/anthropic vs its floor, @aigo/openai and the anchors (${num(result.schedule.tokens)}-token stream of ${num(result.streamBytes / 1024)} KiB; ratios to each stack's floor, controls in brackets)`,
    '',
    `Floors: ${result.labels['anthropic-floor']} for the Anthropic stacks; undici.request + eventsource-parser on Chat Completions for @aigo/openai. A ratio is X / floor; "vs openai" is @aigo/anthropic's ratio over @aigo/openai's (target ≤ ${times(result.relativeTarget)}).`,
    '',
    row(['figure', ...stacks.map((s) => result.labels[s] ?? s), 'vs openai']),
    row(['---', ...stacks.map(() => '---:'), '---:']),
  ];
  for (const figure of result.figures) {
    const cells = [figure.aigo, figure.openai, figure.sdk, figure.aiSdk].map((f) =>
      f === undefined ? '—' : `${times(f.ratio)} (${num(f.control, 3)})`,
    );
    lines.push(
      row([figure.label, ...cells, figure.relative === undefined ? '—' : times(figure.relative)]),
    );
  }
  const errors = Object.entries(result.stacks).filter(([, r]) => r.error);
  for (const [stack, r] of errors) lines.push('', `${stack} failed: ${r.error}`);
  if (result.installed) lines.push('', sizeDetails(result.installed).replace(/^### /, '#### '));
  return lines.join('\n');
}
