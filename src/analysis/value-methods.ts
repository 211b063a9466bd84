// The calls a static analysis of app code can take as changing nothing in the home: messages to
// the user, pure platform functions, value methods of strings, numbers, dates and collections, and
// synchronous web requests. Shared by the live-state analysis (state-reads.ts, through
// store-references.ts) and the relevance analysis (relevance.ts).
import { CAPABILITIES } from '../devices/capabilities.js';
import { TWC_RESPONSES } from '../devices/twc-weather.js';

/** Unqualified calls of the platform that only send the user a message (recorded in the trace, never in a state). */
export const MESSAGE_CALLS: ReadonlySet<string> = new Set([
  'sendPush', 'sendPushMessage', 'sendSms', 'sendSMS', 'sendSmsMessage', 'sendNotification', 'sendNotificationEvent', 'sendNotificationToContacts',
]);

/** Unqualified platform calls that only compute a value (the weather calls answer canned data: devices/weather.ts, twc-weather.ts). */
export const PURE_FUNCTIONS: ReadonlySet<string> = new Set([
  'now', 'timeToday', 'timeTodayAfter', 'timeOfDayIsBetween', 'toDateTime', 'getTemperatureScale', 'println', 'print', 'parseJson', 'parseXml',
  'parseLanMessage', 'stringToMap', 'render', 'getSunriseAndSunset', 'getWeatherFeature', ...Object.keys(TWC_RESPONSES),
]);

/** Unqualified platform calls that end the execution with an error answer (`httpError(404, "x")`), as a `throw` does. */
export const ERROR_CALLS: ReadonlySet<string> = new Set(['httpError']);

/** Methods of values (strings, numbers, dates, collections, events) that only compute a value. */
export const PURE_METHODS: ReadonlySet<string> = new Set([
  'toString', 'toInteger', 'toLong', 'toDouble', 'toFloat', 'toBigDecimal', 'toBoolean', 'toLowerCase', 'toUpperCase', 'trim', 'split',
  'tokenize', 'contains', 'startsWith', 'endsWith', 'indexOf', 'substring', 'replace', 'replaceAll', 'matches', 'equals', 'compareTo',
  'format', 'size', 'length', 'isEmpty', 'isNumber', 'isInteger', 'isDouble', 'abs', 'round', 'intValue', 'doubleValue', 'floatValue',
  'longValue', 'getTime', 'join', 'first', 'last', 'max', 'min', 'sum', 'count', 'find', 'findAll', 'collect', 'any', 'every', 'each',
  'eachWithIndex', 'get', 'getAt', 'containsKey', 'keySet', 'values', 'sort', 'unique', 'plus', 'minus', 'multiply', 'div', 'getValue',
  'getName', 'getDisplayName', 'getDescriptionText', 'getDate', 'isPhysical', 'isDigital', 'isStateChange', 'parseText', 'parse',
  'flatten', 'toList', 'toSet', 'asList', 'reverse', 'collectEntries', 'groupBy', 'countBy', 'inject', 'take', 'drop', 'head', 'tail',
  'subList', 'entrySet', 'findIndexOf', 'findResult', 'findResults', 'grep', 'intersect', 'containsValue', 'padLeft', 'padRight',
  'capitalize',
  // The platform's codecs (`map.encodeAsJSON()`, `text.encodeAsBase64()`).
  'encodeAsJSON', 'encodeAsJson', 'encodeAsBase64', 'encodeAsURL', 'encodeAsHTML', 'encodeAsMD5', 'decodeBase64',
  // What an object or a device is and has (`device.respondsTo("currentValue")`, `dev.hasCommand("setLevel")`).
  'respondsTo', 'hasProperty', 'hasCommand', 'hasAttribute', 'hasCapability', 'getId', 'getLabel', 'getDeviceNetworkId',
  'getSupportedAttributes', 'getSupportedCommands', 'getCapabilities',
  // The location's routines (`location.helloHome.getPhrases()`), a list the platform gives.
  'getPhrases',
]);

/**
 * Synchronous web requests: the request is a message, and its response closure runs with the
 * outside world's answer (model/outside-world.ts), which nothing in the request decides.
 */
export const SYNC_HTTP_CALLS: ReadonlySet<string> = new Set(['httpGet', 'httpPost', 'httpPostJson', 'httpPut', 'httpPutJson', 'httpDelete', 'httpHead']);

/** Every command of a device: never a value method, whatever its name (`push`, `set`). */
export const COMMANDS: ReadonlySet<string> = new Set(CAPABILITIES.flatMap((c) => Object.keys(c.commands)));
