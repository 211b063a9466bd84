// The names of the SmartApp API of the classic SmartThings platform (its documented methods, the
// preferences and mappings DSL) as plain data. An unqualified call of a name the app does not declare
// is a gap of this tool when the name is one of these (an API it does not model), and the app's own
// MissingMethodException otherwise, as on the platform.

/**
 * The preferences and mappings DSL: what the app shows the user while it is configured and the
 * endpoints it declares. Called from a handler, a page is not shown (its closure does not run).
 */
export const PAGE_AND_MAPPING_DSL: ReadonlySet<string> = new Set([
  'preferences', 'page', 'dynamicPage', 'section', 'input', 'paragraph', 'href', 'label', 'mode', 'icon', 'image', 'app',
  'ifSet', 'ifUnset', 'mappings', 'path', 'definition',
]);

/**
 * The DSL calls that build a page. Outside the preferences run (from a handler, a timer, an
 * endpoint) the page is not shown and the closure that describes it never runs
 * (interp/smartthings/builtins.ts `unshownPage`).
 */
export const PAGE_CALLS: ReadonlySet<string> = new Set(['page', 'dynamicPage']);

export const SMARTAPP_API: ReadonlySet<string> = new Set([
  // Child apps and devices, the hub and the web
  'addChildApp', 'addChildDevice', 'deleteChildDevice', 'deleteChildApp', 'findAllChildAppsByName', 'findAllChildAppsByNamespace',
  'findChildAppByName', 'getAllChildApps', 'getAllChildDevices', 'getChildApps', 'getChildDevice', 'getChildDevices', 'getParent',
  'sendHubCommand', 'parseLanMessage', 'stringToMap', 'parseSoapMessage', 'parseXml', 'parseJson', 'httpDelete', 'httpGet', 'httpHead', 'httpPost',
  'httpPostJson', 'httpPut', 'httpPutJson', 'asynchttp_v1', 'createAccessToken', 'revokeAccessToken', 'apiServerUrl', 'getApiServerUrl',
  'buildActionUrl', 'render', 'httpError', 'include',
  // Events, subscriptions, schedules and messages
  'subscribe', 'subscribeToCommand', 'unsubscribe', 'sendEvent', 'sendLocationEvent', 'runIn', 'runOnce', 'runDaily', 'schedule',
  'unschedule', 'canSchedule', 'runEvery1Minute', 'runEvery5Minutes', 'runEvery10Minutes', 'runEvery15Minutes', 'runEvery30Minutes',
  'runEvery1Hour', 'runEvery3Hours', 'sendPush', 'sendPushMessage', 'sendSms', 'sendSmsMessage', 'sendNotification',
  'sendNotificationEvent', 'sendNotificationToContacts', 'textToSpeech', 'setLocationMode',
  // Time, weather, location
  'now', 'timeOffset', 'timeToday', 'timeTodayAfter', 'timeOfDayIsBetween', 'toDateTime', 'getSunriseAndSunset', 'getWeatherFeature',
  'getTemperatureScale', 'celsiusToFahrenheit', 'fahrenheitToCelsius', 'timeZone', 'storeImage', 'getLocation', 'getApp', 'getTwcConditions', 'getTwcForecast', 'getTwcLocation', 'getTwcAlerts',
  ...PAGE_AND_MAPPING_DSL,
]);

/** The API's functions that set or cancel a timer: a call of one changes when the app runs, not the home. */
export const SCHEDULING_FUNCTIONS: ReadonlySet<string> = new Set([
  'runIn', 'runOnce', 'runDaily', 'schedule', 'unschedule', 'runEvery1Minute', 'runEvery5Minutes', 'runEvery10Minutes',
  'runEvery15Minutes', 'runEvery30Minutes', 'runEvery1Hour', 'runEvery3Hours',
]);

/** The key of `state` where `createAccessToken()` keeps the token it creates (and returns). */
export const ACCESS_TOKEN_KEY = 'accessToken';

/** The platform's asynchronous HTTP API (`include 'asynchttp_v1'`) and its requests, one per HTTP verb. */
export const ASYNC_HTTP_API = 'asynchttp_v1';
export const ASYNC_HTTP_VERBS: ReadonlySet<string> = new Set(['get', 'post', 'put', 'delete', 'head']);

/**
 * The properties of the platform's Event (its reference's list, with the `data` map). A handler
 * reading any other name gets the platform's MissingPropertyException; one of these that the
 * tool does not model is a gap of the tool.
 */
export const EVENT_PROPERTIES: ReadonlySet<string> = new Set([
  'data', 'date', 'dateValue', 'description', 'descriptionText', 'device', 'deviceId', 'displayName', 'doubleValue', 'floatValue',
  'hubId', 'id', 'installedSmartAppId', 'integerValue', 'isoDate', 'jsonData', 'jsonValue', 'linkText', 'location', 'locationId',
  'longValue', 'name', 'numberValue', 'numericValue', 'source', 'stringValue', 'unit', 'value', 'xyzValue',
]);

/** The Event's methods besides the getters of its properties (the reference's list). */
export const EVENT_PREDICATES: ReadonlySet<string> = new Set(['isDigital', 'isPhysical', 'isStateChange']);

/** The class name the platform's exceptions give for an Event. */
export const EVENT_CLASS = 'physicalgraph.app.EventWrapper';

/**
 * The Smart Home Monitor's status, the location's other global attribute besides the mode: apps
 * read it (`location.currentState("alarmSystemStatus")?.value`), subscribe to it
 * (`subscribe(location, "alarmSystemStatus", h)`) and arm or disarm the monitor with
 * `sendLocationEvent(name: "alarmSystemStatus", value: "away")`. Its values: disarmed ("off"),
 * armed while people are home ("stay") and armed away ("away"); a new location's monitor is off.
 */
export const ALARM_SYSTEM_STATUS = { attribute: 'alarmSystemStatus', values: ['off', 'stay', 'away'], initial: 'off' } as const;
