// The canned answers of SmartThings' The Weather Company API (`getTwcConditions`,
// `getTwcForecast`, `getTwcLocation`, `getTwcAlerts`, each with an optional postal code or
// coordinates), which replaced Weather Underground's `getWeatherFeature` in 2018. The platform
// returned TWC's v3 JSON (current observation, 5-day daily forecast with its day parts, location
// point, alert headlines) as maps and lists, in the location's units (°F). The values are the same
// weather as weather.ts's (75 °F, 65%, partly cloudy at 17:14 local; a heat advisory; rain
// tomorrow) at the simulated location, so an app sees one weather whichever API it asks.
import type { WeatherJson } from './weather.js';

const TODAY = '2019-08-01';
const TOMORROW = '2019-08-02';
const OFFSET = '-0400';
const local = (date: string, time: string): string => `${date}T${time}${OFFSET}`;

const CONDITIONS: WeatherJson = {
  cloudCeiling: 4500, cloudCoverPhrase: 'Partly Cloudy', dayOfWeek: 'Thursday', dayOrNight: 'D', expirationTimeUtc: 1564694680,
  iconCode: 30, iconCodeExtend: 3000, obsQualifierCode: null, obsQualifierSeverity: null,
  precip1Hour: 0.0, precip6Hour: 0.0, precip24Hour: 0.0, pressureAltimeter: 29.92, pressureChange: 0.0, pressureMeanSeaLevel: 1013.2,
  pressureTendencyCode: 0, pressureTendencyTrend: 'Steady', relativeHumidity: 65, snow1Hour: 0.0, snow6Hour: 0.0, snow24Hour: 0.0,
  sunriseTimeLocal: local(TODAY, '08:56:00'), sunriseTimeUtc: 1564664160, sunsetTimeLocal: local(TODAY, '22:59:00'), sunsetTimeUtc: 1564714740,
  temperature: 75, temperatureChange24Hour: 1, temperatureDewPoint: 62, temperatureFeelsLike: 75, temperatureHeatIndex: 75,
  temperatureMax24Hour: 78, temperatureMin24Hour: 64, temperatureWindChill: 75, uvDescription: 'Moderate', uvIndex: 5,
  validTimeLocal: local(TODAY, '17:14:40'), validTimeUtc: 1564694080, visibility: 10.0, windDirection: 250, windDirectionCardinal: 'WSW',
  windGust: null, windSpeed: 8, wxPhraseLong: 'Partly Cloudy', wxPhraseMedium: 'Partly Cloudy', wxPhraseShort: 'P Cloudy',
};

/** Today and tomorrow, each a day part and a night part, as TWC lists them (one list per field). */
const DAYPART: WeatherJson = {
  dayOrNight: ['D', 'N', 'D', 'N'], daypartName: ['Today', 'Tonight', 'Tomorrow', 'Tomorrow night'],
  iconCode: [30, 11, 12, 31], narrative: [
    'Partly cloudy. High 78F. Winds WSW at 5 to 10 mph.', 'Chance of rain. Low 64F. Winds light and variable.',
    'Rain likely. High 72F. Winds S at 10 to 15 mph.', 'Clear. Low 62F.',
  ],
  precipChance: [10, 40, 70, 0], precipType: ['rain', 'rain', 'rain', 'rain'], qpf: [0.0, 0.02, 0.35, 0.0], qpfSnow: [0, 0, 0, 0],
  relativeHumidity: [65, 70, 85, 80], temperature: [78, 64, 72, 62], temperatureHeatIndex: [78, 64, 72, 62], uvIndex: [5, 0, 2, 0],
  windDirectionCardinal: ['WSW', 'VAR', 'S', 'S'], windSpeed: [8, 3, 12, 6],
  wxPhraseLong: ['Partly Cloudy', 'Chance of Rain', 'Rain', 'Clear'], wxPhraseShort: ['P Cloudy', 'Few Showers', 'Rain', 'Clear'],
};

const FORECAST: WeatherJson = {
  dayOfWeek: ['Thursday', 'Friday'], narrative: ['Partly cloudy. Highs 78 and lows 64.', 'Rain likely. Highs 72 and lows 62.'],
  qpf: [0.02, 0.35], qpfSnow: [0.0, 0.0], temperatureMax: [78, 72], temperatureMin: [64, 62],
  sunriseTimeLocal: [local(TODAY, '08:56:00'), local(TOMORROW, '08:57:00')], sunsetTimeLocal: [local(TODAY, '22:59:00'), local(TOMORROW, '22:58:00')],
  validTimeLocal: [local(TODAY, '07:00:00'), local(TOMORROW, '07:00:00')], validTimeUtc: [1564657200, 1564743600],
  daypart: [DAYPART],
};

const LOCATION: WeatherJson = {
  location: {
    address: 'Irvine, California, United States', adminDistrict: 'California', adminDistrictCode: 'CA', city: 'Irvine', country: 'United States',
    countryCode: 'US', displayName: 'Irvine', ianaTimeZone: 'America/New_York', latitude: 33.64, longitude: -117.84, postalCode: '92617',
    postalKey: '92617:US', locale: { locale1: null, locale2: 'Irvine', locale3: null, locale4: null },
  },
};

const ALERTS: WeatherJson = [
  {
    detailKey: 'heat-advisory-1', eventDescription: 'Heat Advisory', headlineText: 'Heat Advisory until 8 PM EDT', phenomena: 'HT', significance: 'Y',
    severity: 'Moderate', severityCode: 3, effectiveTimeLocal: local(TODAY, '17:00:00'), expireTimeLocal: local(TODAY, '20:00:00'),
    expireTimeUTC: 1564704000, source: 'National Weather Service',
  },
];

/** The answer of each TWC call of the SmartApp API, by the call's name. */
export const TWC_RESPONSES: Readonly<Record<string, WeatherJson>> = {
  getTwcConditions: CONDITIONS,
  getTwcForecast: FORECAST,
  getTwcLocation: LOCATION,
  getTwcAlerts: ALERTS,
};
