// crashbot summary --channel ID [--week YYYY-Www] [--format text|markdown|json|png --out FILE]
// The weekly summary of one channel from the configured store (SQLite file, or
// PostgreSQL with DATABASE_URL). The default week is the last complete one in the
// channel's time zone.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderMarkdown } from '../../core/reply/render-markdown.js';
import { renderText } from '../../core/reply/render-text.js';
import { isoWeekKey, parseWeekKey, previousWeekKey } from '../../core/schedule.js';
import type { ChannelRef, CrashStore } from '../../store/types.js';
import { type Command, type CommandContext, EXIT, printedJson, usageError } from '../command.js';

const FORMATS = ['text', 'markdown', 'json', 'png'] as const;
type Format = (typeof FORMATS)[number];

export const summaryCommand: Command = {
  name: 'summary',
  usage: [
    'crashbot summary --channel ID [--week YYYY-Www] [--format text|markdown|json|png] [--out FILE]',
    '                 [--platform slack|discord|terminal] [--workspace ID]',
    '',
    "The week defaults to the last complete ISO week in the channel's time zone. --format png",
    'writes the chart and needs --out. The store is DATABASE_URL (PostgreSQL) or CRASHBOT_DB_PATH.',
  ].join('\n'),
  async run(args, ctx) {
    let values: {
      channel?: string;
      week?: string;
      format?: string;
      out?: string;
      platform?: string;
      workspace?: string;
      help?: boolean;
    };
    try {
      values = parseArgs({
        args: [...args],
        strict: true,
        allowPositionals: false,
        options: {
          channel: { type: 'string', short: 'c' },
          week: { type: 'string', short: 'w' },
          format: { type: 'string', short: 'f' },
          out: { type: 'string', short: 'o' },
          platform: { type: 'string' },
          workspace: { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      }).values;
    } catch (err) {
      return usageError(ctx, this, (err as Error).message);
    }
    if (values.help) {
      ctx.out(`${this.usage}\n`);
      return EXIT.ok;
    }
    if (!values.channel) return usageError(ctx, this, 'give the channel with --channel ID');
    const format = (values.format ?? 'text') as Format;
    if (!FORMATS.includes(format))
      return usageError(ctx, this, `unknown format "${values.format}" (use ${FORMATS.join(', ')})`);
    if (format === 'png' && !values.out)
      return usageError(ctx, this, '--format png writes a file: add --out FILE');
    if (values.week !== undefined) {
      const parsed = parseWeekKey(values.week);
      if (!parsed.ok) return usageError(ctx, this, parsed.problem.message);
    }
    // The store drivers and the chart renderer load only for this command.
    const [{ parseConfig }, { openStore }] = await Promise.all([
      import('../../config/config.js'),
      import('../../store/open.js'),
    ]);
    const config = parseConfig(ctx.env);
    if (!config.ok) {
      for (const p of config.problems) ctx.err(`crashbot: ${p.variable}: ${p.message}\n`);
      return EXIT.failure;
    }
    const opened = await openStore(config.config);
    if (!opened.ok) {
      ctx.err(`crashbot summary: ${opened.error.message} [${opened.error.code}]\n`);
      return EXIT.failure;
    }
    try {
      return await summarize(
        this,
        ctx,
        opened.store,
        { ...values, channel: values.channel, format },
        config.config.timezone,
      );
    } finally {
      await opened.store.close();
    }
  },
};

async function summarize(
  command: Command,
  ctx: CommandContext,
  store: CrashStore,
  o: { channel: string; week?: string; format: Format; out?: string; platform?: string; workspace?: string },
  defaultTimeZone: string,
): Promise<number> {
  const found = (await store.findChannels(o.channel)).filter(
    (c) => (!o.platform || c.platform === o.platform) && (!o.workspace || c.workspace === o.workspace),
  );
  if (found.length === 0)
    return usageError(ctx, command, `no crashes or settings are stored for channel ${o.channel}`);
  if (found.length > 1) {
    const list = found.map((c) => `${c.platform}/${c.workspace}`).join(', ');
    return usageError(ctx, command, `channel ${o.channel} exists in ${list}: add --platform and --workspace`);
  }
  const channel = found[0] as ChannelRef;
  const timeZone = (await store.getSettings(channel)).timeZone ?? defaultTimeZone;
  const week = o.week ?? previousWeekKey(isoWeekKey(ctx.now(), timeZone));
  const kb = await ctx.knowledge();
  const titleOf = (id: string) => (kb.ok ? kb.kb.causes.get(id)?.title : undefined) ?? id;
  const { buildChannelSummary } = await import('../../app/summary/build.js');
  const built = await buildChannelSummary({ store, titleOf }, channel, week, timeZone);
  const output =
    o.format === 'png'
      ? (await import('../../app/summary/png.js')).renderChartPng(built.svg)
      : o.format === 'json'
        ? printedJson({ channel, ...built.summary })
        : o.format === 'markdown'
          ? renderMarkdown(built.reply)
          : renderText(built.reply);
  if (o.out) {
    try {
      writeFileSync(o.out, output);
    } catch (e) {
      ctx.err(`crashbot summary: cannot write ${o.out}: ${(e as Error).message}\n`);
      return EXIT.failure;
    }
    if (o.format === 'png') ctx.out(`${o.out}: chart of ${built.summary.crashes} crashes in ${week}\n`);
  } else {
    ctx.out(output as string);
  }
  return EXIT.ok;
}
