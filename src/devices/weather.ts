// The canned answer of SmartThings' `getWeatherFeature(feature[, zip])`, which returned the Weather
// Underground API's JSON for one feature (`conditions`, `forecast`, `astronomy`, `alerts`,
// `hourly`, `geolookup`), parsed into maps and lists. One documented-format response per feature,
// consistent with the simulated location (zip 92617, sunrise 08:56, sunset 22:59, now 17:14 local,
// src/interp/time.ts): plain data, so the same app always sees the same weather. A feature the
// API did not have gets only the `response` header with an error, as the service answered.

/** A JSON value of the canned responses. */
export type WeatherJson = string | number | boolean | null | readonly WeatherJson[] | { readonly [key: string]: WeatherJson };

const header = (feature: string): WeatherJson => ({ version: '0.1', termsofService: 'http://www.wunderground.com/weather/api/d/terms.html', features: { [feature]: 1 } });

const hourMinute = (hour: string, minute: string): WeatherJson => ({ hour, minute });

const displayLocation = {
  full: 'Irvine, CA', city: 'Irvine', state: 'CA', state_name: 'California', country: 'US', zip: '92617',
  latitude: '33.64', longitude: '-117.84',
};

const FEATURES: Readonly<Record<string, { readonly [key: string]: WeatherJson }>> = {
  conditions: {
    current_observation: {
      display_location: displayLocation,
      station_id: 'KCAIRVIN1', observation_time: 'Last Updated on August 1, 5:14 PM EDT', observation_epoch: '1564694080',
      weather: 'Partly Cloudy', temperature_string: '75.2 F (24.0 C)', temp_f: 75.2, temp_c: 24.0,
      relative_humidity: '65%', wind_string: 'From the WSW at 8.0 MPH', wind_dir: 'WSW', wind_degrees: 250, wind_mph: 8.0,
      wind_gust_mph: '0', wind_kph: 12.9, pressure_mb: '1013', pressure_in: '29.92', dewpoint_f: 62, dewpoint_c: 17,
      heat_index_f: 'NA', windchill_f: 'NA', feelslike_f: '75.2', feelslike_c: '24.0', visibility_mi: '10.0', visibility_km: '16.1',
      solarradiation: '420', UV: '5', precip_1hr_in: '0.00', precip_1hr_metric: ' 0', precip_today_string: '0.00 in (0 mm)',
      precip_today_in: '0.00', precip_today_metric: '0', icon: 'partlycloudy', icon_url: 'http://icons.wxug.com/i/c/k/partlycloudy.gif',
    },
  },
  forecast: {
    forecast: {
      txt_forecast: {
        date: '5:00 PM EDT',
        forecastday: [
          { period: 0, icon: 'partlycloudy', title: 'Thursday', fcttext: 'Partly cloudy. High 78F. Winds WSW at 5 to 10 mph.', fcttext_metric: 'Partly cloudy. High 26C. Winds WSW at 10 to 15 km/h.', pop: '10' },
          { period: 1, icon: 'nt_chancerain', title: 'Thursday Night', fcttext: 'Chance of rain. Low 64F. Winds light and variable.', fcttext_metric: 'Chance of rain. Low 18C. Winds light and variable.', pop: '40' },
          { period: 2, icon: 'rain', title: 'Friday', fcttext: 'Rain likely. High 72F. Winds S at 10 to 15 mph.', fcttext_metric: 'Rain likely. High 22C. Winds S at 15 to 25 km/h.', pop: '70' },
          { period: 3, icon: 'nt_clear', title: 'Friday Night', fcttext: 'Clear. Low 62F.', fcttext_metric: 'Clear. Low 17C.', pop: '0' },
        ],
      },
      simpleforecast: {
        forecastday: [
          {
            date: { epoch: '1564700400', pretty: '7:00 PM EDT on August 01, 2019', day: 1, month: 8, year: 2019, yday: 212, hour: 19, min: '00', weekday: 'Thursday', monthname: 'August', tz_long: 'America/New_York' },
            period: 1, high: { fahrenheit: '78', celsius: '26' }, low: { fahrenheit: '64', celsius: '18' }, conditions: 'Partly Cloudy', icon: 'partlycloudy',
            pop: 10, qpf_allday: { in: 0.0, mm: 0 }, snow_allday: { in: 0.0, cm: 0.0 }, maxwind: { mph: 10, kph: 16, dir: 'WSW', degrees: 250 }, avehumidity: 65,
          },
          {
            date: { epoch: '1564786800', pretty: '7:00 PM EDT on August 02, 2019', day: 2, month: 8, year: 2019, yday: 213, hour: 19, min: '00', weekday: 'Friday', monthname: 'August', tz_long: 'America/New_York' },
            period: 2, high: { fahrenheit: '72', celsius: '22' }, low: { fahrenheit: '62', celsius: '17' }, conditions: 'Rain', icon: 'rain',
            pop: 70, qpf_allday: { in: 0.35, mm: 9 }, snow_allday: { in: 0.0, cm: 0.0 }, maxwind: { mph: 15, kph: 24, dir: 'S', degrees: 180 }, avehumidity: 85,
          },
        ],
      },
    },
  },
  astronomy: {
    moon_phase: {
      percentIlluminated: '1', ageOfMoon: '0', phaseofMoon: 'New Moon', hemisphere: 'North',
      current_time: hourMinute('17', '14'), sunrise: hourMinute('8', '56'), sunset: hourMinute('22', '59'),
    },
    sun_phase: { sunrise: hourMinute('8', '56'), sunset: hourMinute('22', '59') },
  },
  alerts: {
    alerts: [
      {
        type: 'HEA', description: 'Heat Advisory', date: '5:00 PM EDT on August 1, 2019', date_epoch: '1564693200',
        expires: '8:00 PM EDT on August 1, 2019', expires_epoch: '1564704000',
        message: 'The National Weather Service has issued a Heat Advisory until 8 PM EDT this evening.', phenomena: 'HT', significance: 'Y',
      },
    ],
  },
  hourly: {
    hourly_forecast: [
      { FCTTIME: { hour: '18', min: '00', epoch: '1564696800', pretty: '6:00 PM EDT on August 01, 2019' }, temp: { english: '74', metric: '23' }, condition: 'Partly Cloudy', icon: 'partlycloudy', pop: '10', humidity: '66', qpf: { english: '0.0', metric: '0' } },
      { FCTTIME: { hour: '19', min: '00', epoch: '1564700400', pretty: '7:00 PM EDT on August 01, 2019' }, temp: { english: '72', metric: '22' }, condition: 'Chance of Rain', icon: 'chancerain', pop: '40', humidity: '70', qpf: { english: '0.02', metric: '1' } },
    ],
  },
  geolookup: {
    location: {
      type: 'CITY', country: 'US', country_iso3166: 'US', country_name: 'USA', state: 'CA', city: 'Irvine', tz_short: 'PDT', tz_long: 'America/Los_Angeles',
      lat: '33.64', lon: '-117.84', zip: '92617', magic: '1', wmo: '99999', l: '/q/zmw:92617.1.99999',
      requesturl: 'US/CA/Irvine.html', wuiurl: 'https://www.wunderground.com/US/CA/Irvine.html',
      nearby_weather_stations: { pws: { station: [{ neighborhood: 'UC Irvine', city: 'Irvine', state: 'CA', country: 'US', id: 'KCAIRVIN1', lat: 33.64, lon: -117.84, distance_km: 1, distance_mi: 0 }] } },
    },
  },
};

/** The response of `getWeatherFeature(feature)`: the feature's data under the API's `response` header. */
export function weatherResponse(feature: string): WeatherJson {
  const data = FEATURES[feature];
  if (data === undefined) return { response: { ...(header(feature) as object), error: { type: 'unknownfeature' } } };
  return { response: header(feature), ...data };
}
