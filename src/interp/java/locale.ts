// java.util.Locale as apps pass it: to Calendar.getInstance and getDisplayName, an English one in
// practice (`Locale.US`). A locale is an immutable object whose `id` is Java's toString ("en_US").
// The model has English names only, so what needs another locale's names is a gap.
import { NOT_FOUND, type MethodResult } from '../groovy-methods.js';
import { BuiltinObject, type Value } from '../values.js';

/** Locale's constants, as Java spells them. */
const LOCALES: Readonly<Record<string, string>> = {
  ROOT: '', ENGLISH: 'en', US: 'en_US', UK: 'en_GB', CANADA: 'en_CA',
  FRENCH: 'fr', FRANCE: 'fr_FR', CANADA_FRENCH: 'fr_CA', GERMAN: 'de', GERMANY: 'de_DE', ITALIAN: 'it', ITALY: 'it_IT',
  JAPANESE: 'ja', JAPAN: 'ja_JP', KOREAN: 'ko', KOREA: 'ko_KR', CHINESE: 'zh', CHINA: 'zh_CN',
};

/** One object per locale, so that `loc == Locale.US` holds (objects of the model compare by identity). */
const LOCALE_OBJECTS = new Map<string, BuiltinObject>();

function localeObject(id: string): BuiltinObject {
  let o = LOCALE_OBJECTS.get(id);
  if (o === undefined) LOCALE_OBJECTS.set(id, (o = new BuiltinObject('locale', id)));
  return o;
}

/** The JVM's default locale on the platform's servers (assumed: their zone is UTC and their format US English). */
const DEFAULT_LOCALE = 'en_US';

export function isLocale(v: Value): v is BuiltinObject {
  return v instanceof BuiltinObject && v.kind === 'locale';
}

/** Whether the names a locale asks for are the English ones the model has. */
export function isEnglish(v: Value): boolean {
  return isLocale(v) && (v.id === 'en' || v.id.startsWith('en_'));
}

/** `Locale.US`, `Locale.ENGLISH`, ... */
export function localeConstant(name: string): MethodResult {
  return Object.hasOwn(LOCALES, name) ? localeObject(LOCALES[name]) : NOT_FOUND;
}

/** `Locale.getDefault()`. */
export function localeStatic(name: string, args: Value[]): MethodResult {
  return name === 'getDefault' && args.length === 0 ? localeObject(DEFAULT_LOCALE) : NOT_FOUND;
}
