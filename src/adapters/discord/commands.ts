// The application commands, as data: `/crash` with its subcommands and the "Diagnose
// crash" message context-menu command. `crashbot discord register` sends these to
// Discord; the interaction handlers read the same names.
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  ContextMenuCommandBuilder,
  InteractionContextType,
  type RESTPostAPIApplicationCommandsJSONBody,
  SlashCommandBuilder,
} from 'discord.js';

export const CRASH_COMMAND = 'crash';
export const DIAGNOSE_COMMAND = 'Diagnose crash';
export const SETTING_SUBCOMMANDS: readonly string[] = ['listen', 'summaries'];

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ON_OFF = [
  { name: 'on', value: 'on' },
  { name: 'off', value: 'off' },
];

function crashCommand(): SlashCommandBuilder {
  const command = new SlashCommandBuilder()
    .setName(CRASH_COMMAND)
    .setDescription('Decode exit codes, see crash summaries, set up this channel')
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
  command.addSubcommand((s) =>
    s
      .setName('code')
      .setDescription('Decode an exit code: -1073740791, 0xC0000409, 137, -9, SIGKILL')
      .addStringOption((o) =>
        o.setName('code').setDescription('The exit code as printed').setRequired(true).setMaxLength(100),
      )
      .addBooleanOption((o) => o.setName('public').setDescription('Show the answer to the whole channel')),
  );
  command.addSubcommand((s) => s.setName('summary').setDescription("This channel's crashes this week"));
  command.addSubcommand((s) =>
    s
      .setName('listen')
      .setDescription('Answer pasted crash output in this channel without a mention')
      .addStringOption((o) =>
        o
          .setName('state')
          .setDescription('on or off')
          .setRequired(true)
          .addChoices(...ON_OFF),
      ),
  );
  command.addSubcommand((s) =>
    s
      .setName('summaries')
      .setDescription("Post this channel's crash summary every week")
      .addStringOption((o) =>
        o
          .setName('state')
          .setDescription('on or off')
          .setRequired(true)
          .addChoices(...ON_OFF),
      )
      .addStringOption((o) =>
        o
          .setName('day')
          .setDescription('Day of the week (default Monday)')
          .addChoices(...WEEKDAYS.map((d) => ({ name: d, value: d }))),
      )
      .addStringOption((o) =>
        o.setName('time').setDescription('Time of day, HH:MM (default 09:00)').setMaxLength(5),
      )
      .addStringOption((o) =>
        o.setName('timezone').setDescription('IANA time zone, e.g. Europe/Berlin').setMaxLength(64),
      ),
  );
  command.addSubcommand((s) => s.setName('help').setDescription('What crashbot does and how to ask it'));
  return command;
}

function diagnoseCommand(): ContextMenuCommandBuilder {
  return new ContextMenuCommandBuilder()
    .setName(DIAGNOSE_COMMAND)
    .setType(ApplicationCommandType.Message)
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM)
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall);
}

export function commandDefinitions(): RESTPostAPIApplicationCommandsJSONBody[] {
  return [crashCommand().toJSON(), diagnoseCommand().toJSON()];
}
