/**
 * How --help shows an option: its description, then its default as commander shows it, except
 * that a switch's "(default: false)" (a switch is off unless given), commander's
 * "(preset: …)" (the option's own text says it in words) and the quotes around a default word
 * are left out.
 */
import { Help, type Option } from 'commander';

export function optionHelp(option: Option): string {
  const shown: Option = Object.create(option);
  shown.presetArg = undefined;
  if (option.defaultValue === false) shown.defaultValue = undefined;
  if (typeof option.defaultValue === 'string' && option.defaultValueDescription === undefined)
    shown.defaultValueDescription = option.defaultValue;
  return Help.prototype.optionDescription.call(new Help(), shown);
}
