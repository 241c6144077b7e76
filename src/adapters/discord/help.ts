// What only Discord says: `/crash help` in slash-command syntax, and the note when
// listening is turned on but the bot runs without the Message Content intent.
import type { Reply } from '../../core/reply/model.js';

export function discordHelpReply(): Reply {
  return {
    kind: 'help',
    title: 'crashbot: explains GPU and ML crash logs',
    blocks: [
      {
        type: 'list',
        items: [
          { text: 'Mention me with a pasted log or a `.log`/`.txt` file, or reply to one of my messages.' },
          { text: "Right-click a message, Apps, `Diagnose crash`: diagnose someone else's log." },
          {
            text: '`/crash code code:-1073740791`: decode an exit code; add `public:True` to share the answer.',
          },
          { text: "`/crash summary`: this channel's crashes this week." },
          { text: '`/crash listen state:on|off`: answer pasted crash output without a mention.' },
          {
            text: '`/crash summaries state:on|off [day] [time] [timezone]`: the weekly summary for this channel.',
          },
        ],
      },
    ],
    footer: 'Changing listening or summaries needs the Manage Channels permission.',
  };
}

export const LISTENING_NEEDS_INTENT =
  'Note: this bot runs without the Message Content intent, so it only sees messages that mention it. Whoever runs the bot can turn on "Message Content Intent" on the developer portal\'s Bot page and set `DISCORD_MESSAGE_CONTENT=true`.';
