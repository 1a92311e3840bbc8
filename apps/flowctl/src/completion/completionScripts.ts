import type { CommandTable, OptionSpec } from '../commandSpec.js';
import { SHELLS, type Shell } from './shells.js';

/** An option as completion sees it: its names, whether it takes a value, the values it allows. */
interface CompletionOption {
  long: string;
  short?: string;
  takesValue: boolean;
  choices: readonly string[];
  description: string;
}

function optionOf(spec: OptionSpec): CompletionOption {
  const names = spec.flags.split(/[ ,]+/).filter((word) => word.startsWith('-'));
  const long = names.find((n) => n.startsWith('--')) ?? names[0] ?? '';
  const short = names.find((n) => !n.startsWith('--'));
  return {
    long,
    ...(short ? { short } : {}),
    takesValue: /[<[]/.test(spec.flags),
    choices: spec.choices ?? [],
    description: spec.description,
  };
}

const namesOf = (o: CompletionOption): string[] => (o.short ? [o.long, o.short] : [o.long]);

/** What every script is made from: the command table, so a new command or option completes without editing this file. */
function table({ commands: COMMANDS, globalOptions, groups: COMMAND_GROUPS }: CommandTable) {
  const global = globalOptions.map(optionOf);
  const commands = COMMANDS.map((spec) => ({
    name: spec.name,
    summary: spec.summary,
    options: [...spec.options.map(optionOf), ...global],
    // Positional arguments that are files (everything but `completion <shell>` and run's workflow id).
    files: /file|<a>|<b>/.test(spec.args),
    choices: spec.name === 'completion' ? SHELLS : [],
  }));
  const all = [...global, ...commands.flatMap((c) => c.options)];
  const valueOptions = [...new Set(all.filter((o) => o.takesValue).flatMap(namesOf))];
  // The values an option takes, per command (`validate --format` and `test --format` differ): `command|--flag` → values.
  const withChoices = new Map<string, readonly string[]>();
  for (const command of commands)
    for (const option of command.options)
      if (option.choices.length > 0) for (const name of namesOf(option)) withChoices.set(`${command.name}|${name}`, option.choices);
  const topLevel = [...new Set(COMMANDS.map((c) => c.name.split(' ')[0] ?? c.name)), 'help'];
  const groups = Object.keys(COMMAND_GROUPS).map((group) => ({
    group,
    summary: COMMAND_GROUPS[group] ?? group,
    subcommands: COMMANDS.filter((c) => c.name.startsWith(`${group} `)).map((c) => c.name.slice(group.length + 1)),
  }));
  return { global, commands, valueOptions, withChoices, topLevel, groups };
}

const words = (list: readonly string[]): string => list.join(' ');

/**
 * Shell lines (bash and zsh alike) that find the command typed so far: the words before the
 * cursor that are not options nor option values (`workflows list` for a group).
 */
function commandScan(t: ReturnType<typeof table>, wordsVar: string, first: number, cursorVar: string): string {
  return `  local value_options=" ${words(t.valueOptions)} "
  for (( i = ${first}; i < ${cursorVar}; i++ )); do
    word="\${${wordsVar}[i]}"
    if (( skip )); then skip=0; continue; fi
    case "$word" in
      -*) [[ "$value_options" == *" $word "* ]] && skip=1 ;;
      *) if [[ -z "$cmd" ]]; then cmd="$word"; elif [[ " ${words(t.groups.map((g) => g.group))} " == *" $cmd "* ]]; then cmd="$cmd $word"; fi ;;
    esac
  done`;
}

function bash(t: ReturnType<typeof table>): string {
  const choiceCases = [...t.withChoices].map(
    ([key, choices]) => `    "${key}") COMPREPLY=( $(compgen -W "${words(choices)}" -- "$cur") ); return ;;`,
  );
  const optionCases = t.commands.map((c) => `      "${c.name}") opts="${words([...new Set(c.options.flatMap(namesOf))])} --help" ;;`);
  const argCases = [
    ...t.groups.map((g) => `    "${g.group}") COMPREPLY=( $(compgen -W "${words(g.subcommands)}" -- "$cur") ) ;;`),
    ...t.commands
      .filter((c) => c.choices.length > 0)
      .map((c) => `    "${c.name}") COMPREPLY=( $(compgen -W "${words(c.choices)}" -- "$cur") ) ;;`),
    ...t.commands.filter((c) => c.files).map((c) => `    "${c.name}") COMPREPLY=( $(compgen -f -- "$cur") ) ;;`),
  ];
  return `# flowctl completion for bash. Load it with:  source <(flowctl completion bash)
_flowctl_completion() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" word opts i skip=0
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
${commandScan(t, 'COMP_WORDS', 1, 'COMP_CWORD')}
  case "$cmd|$prev" in
${choiceCases.join('\n')}
  esac
  if [[ "$value_options" == *" $prev "* ]]; then COMPREPLY=( $(compgen -f -- "$cur") ); return; fi
  if [[ "$cur" == -* ]]; then
    case "$cmd" in
${optionCases.join('\n')}
      *) opts="${words(t.global.flatMap(namesOf))} --help --version" ;;
    esac
    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
    return
  fi
  case "$cmd" in
    "") COMPREPLY=( $(compgen -W "${words(t.topLevel)}" -- "$cur") ) ;;
${argCases.join('\n')}
  esac
}
complete -o default -F _flowctl_completion flowctl
`;
}

function zsh(t: ReturnType<typeof table>): string {
  const describe = (name: string, text: string): string => `'${name}:${text.replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;
  const topLevel = t.topLevel.map((name) => {
    const spec = t.commands.find((c) => c.name === name) ?? t.groups.find((g) => g.group === name);
    const summary = spec === undefined ? 'show help of a command' : 'summary' in spec ? spec.summary : '';
    return describe(name, summary);
  });
  const choiceCases = [...t.withChoices].map(([key, choices]) => `    "${key}") compadd -- ${words(choices)}; return ;;`);
  const optionCases = t.commands.map((c) => `      "${c.name}") opts=(${words([...new Set(c.options.flatMap(namesOf))])} --help) ;;`);
  const argCases = [
    ...t.groups.map((g) => `    "${g.group}") compadd -- ${words(g.subcommands)} ;;`),
    ...t.commands.filter((c) => c.choices.length > 0).map((c) => `    "${c.name}") compadd -- ${words(c.choices)} ;;`),
    ...t.commands.filter((c) => c.files).map((c) => `    "${c.name}") _files ;;`),
  ];
  return `#compdef flowctl
# flowctl completion for zsh. Load it with:  source <(flowctl completion zsh)  (after compinit)
_flowctl() {
  local cmd="" word prev="\${words[CURRENT-1]}" cur="\${words[CURRENT]}" i skip=0
  local -a opts commands
${commandScan(t, 'words', 2, 'CURRENT')}
  case "$cmd|$prev" in
${choiceCases.join('\n')}
  esac
  if [[ "$value_options" == *" $prev "* ]]; then _files; return; fi
  if [[ "$cur" == -* ]]; then
    case "$cmd" in
${optionCases.join('\n')}
      *) opts=(${words(t.global.flatMap(namesOf))} --help --version) ;;
    esac
    compadd -- $opts
    return
  fi
  case "$cmd" in
    "") commands=(${topLevel.join(' ')}); _describe 'command' commands ;;
${argCases.join('\n')}
  esac
}
compdef _flowctl flowctl
`;
}

function fish(t: ReturnType<typeof table>): string {
  const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const lines = ['# flowctl completion for fish. Load it with:  flowctl completion fish | source', 'complete -c flowctl -f'];
  const topCommands = t.commands.filter((c) => !c.name.includes(' '));
  for (const c of topCommands) lines.push(`complete -c flowctl -n __fish_use_subcommand -a ${c.name} -d ${quote(c.summary)}`);
  for (const g of t.groups) {
    lines.push(`complete -c flowctl -n __fish_use_subcommand -a ${g.group} -d ${quote(g.summary)}`);
    for (const sub of g.subcommands) {
      const spec = t.commands.find((c) => c.name === `${g.group} ${sub}`);
      lines.push(
        `complete -c flowctl -n '__fish_seen_subcommand_from ${g.group}; and not __fish_seen_subcommand_from ${words(g.subcommands)}' -a ${sub} -d ${quote(spec?.summary ?? sub)}`,
      );
    }
  }
  lines.push(`complete -c flowctl -n __fish_use_subcommand -a help -d ${quote('show help of a command')}`);
  const optionLine = (o: CompletionOption, condition: string): string => {
    const parts = ['complete -c flowctl'];
    if (condition) parts.push(`-n ${quote(condition)}`);
    parts.push(`-l ${o.long.replace(/^--/, '')}`);
    if (o.short) parts.push(`-s ${o.short.replace(/^-/, '')}`);
    if (o.takesValue) parts.push(o.choices.length > 0 ? `-x -a ${quote(words(o.choices))}` : '-r');
    parts.push(`-d ${quote(o.description)}`);
    return parts.join(' ');
  };
  for (const o of t.global) lines.push(optionLine(o, ''));
  for (const c of t.commands) {
    const last = c.name.split(' ').pop() ?? c.name;
    const condition = `__fish_seen_subcommand_from ${last}`;
    for (const o of c.options.filter((option) => !t.global.includes(option))) lines.push(optionLine(o, condition));
    if (c.files) lines.push(`complete -c flowctl -n ${quote(condition)} -F`);
    if (c.choices.length > 0) lines.push(`complete -c flowctl -n ${quote(condition)} -a ${quote(words(c.choices))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of a shell for the commands of `list`. */
export function completionScript(shell: Shell, list: CommandTable): string {
  const t = table(list);
  return shell === 'bash' ? bash(t) : shell === 'zsh' ? zsh(t) : fish(t);
}
