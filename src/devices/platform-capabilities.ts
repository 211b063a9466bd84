// The standard SmartThings capabilities the reference's device models (capabilities.ts) do not
// cover, as the SmartThings capabilities reference (classic platform) defines them: attributes
// with their value domains, and commands with the attribute writes they make. A device input of
// one of these capabilities gets a simulated device like any other; the two initial
// configurations take the first and the second value of each enumerated domain (numbers: 50 and
// 60, strings: empty), as the reference's own devices mostly do.
import type { AttributeDomain, AttributeSpec, CapabilitySpec, CommandSpec, PlainValue } from './capability-types.js';

function attr(name: string, domain: AttributeDomain): AttributeSpec {
  if (Array.isArray(domain)) return { name, domain, initTrue: domain[0], initFalse: domain[1] ?? domain[0] };
  const [initTrue, initFalse]: PlainValue[] = domain === 'number' ? [50, 60] : domain === 'boolean' ? [false, true] : ['', ''];
  return { name, domain, initTrue, initFalse };
}

const set = (attribute: string, value: PlainValue): CommandSpec => ({ writes: [{ attribute, value }] });
const fromArg = (attribute: string, arg = 0): CommandSpec => ({ writes: [{ attribute, arg }] });
/** A command the reference documents without an attribute it changes (a request, a refresh). */
const noEffect: CommandSpec = { writes: [] };

function capability(name: string, attributes: AttributeSpec[], commands: Record<string, CommandSpec> = {}): CapabilitySpec {
  return { name, attributes, commands };
}

const ON_OFF = ['on', 'off'];
const THERMOSTAT_MODES = ['auto', 'cool', 'emergency heat', 'heat', 'off'];
const FAN_MODES = ['auto', 'circulate', 'on'];
const OPERATING_STATES = ['idle', 'cooling', 'heating', 'fan only', 'pending cool', 'pending heat', 'vent economizer'];
const switchCommands = { on: set('switch', 'on'), off: set('switch', 'off') };

export const PLATFORM_CAPABILITIES: readonly CapabilitySpec[] = [
  capability('airConditionerMode', [attr('airConditionerMode', 'string')], { setAirConditionerMode: fromArg('airConditionerMode') }),
  capability('airQualitySensor', [attr('airQuality', 'number')]),
  capability('audioMute', [attr('mute', ['unmuted', 'muted'])], { mute: set('mute', 'muted'), unmute: set('mute', 'unmuted'), setMute: fromArg('mute') }),
  capability('audioNotification', [], {
    playText: noEffect, playTextAndResume: noEffect, playTextAndRestore: noEffect,
    playTrack: noEffect, playTrackAndResume: noEffect, playTrackAndRestore: noEffect,
  }),
  capability('audioTrackData', [attr('audioTrackData', 'string')]),
  capability('audioVolume', [attr('volume', 'number')], { setVolume: fromArg('volume'), volumeUp: noEffect, volumeDown: noEffect }),
  capability('bulb', [attr('switch', ON_OFF)], switchCommands),
  capability('light', [attr('switch', ON_OFF)], switchCommands),
  capability('color', [attr('colorValue', 'string')], { setColorValue: fromArg('colorValue') }),
  capability('colorMode', [attr('colorMode', ['color', 'ambient', 'colorTemperature'])]),
  capability('configuration', [], { configure: noEffect }),
  capability('polling', [], { poll: noEffect }),
  capability('refresh', [], { refresh: noEffect }),
  capability('demandResponseLoadControl', [attr('drlcStatus', 'string')], { requestDrlcAction: noEffect, overrideDrlcAction: noEffect }),
  capability('dishwasherOperatingState', [attr('machineState', ['stop', 'run', 'pause']), attr('dishwasherJobState', 'string')], { setMachineState: fromArg('machineState') }),
  capability('dryerOperatingState', [attr('machineState', ['stop', 'run', 'pause']), attr('dryerJobState', 'string')], { setMachineState: fromArg('machineState') }),
  capability('washerOperatingState', [attr('machineState', ['stop', 'run', 'pause']), attr('washerJobState', 'string')], { setMachineState: fromArg('machineState') }),
  capability('dustSensor', [attr('dustLevel', 'number'), attr('fineDustLevel', 'number')]),
  capability('estimatedTimeOfArrival', [attr('eta', 'string')]),
  capability('execute', [attr('data', 'string')], { execute: noEffect }),
  capability('fanSpeed', [attr('fanSpeed', 'number')], { setFanSpeed: fromArg('fanSpeed') }),
  capability('filterStatus', [attr('filterStatus', ['normal', 'replace'])]),
  capability('geolocation', [attr('latitude', 'number'), attr('longitude', 'number'), attr('method', 'string'), attr('accuracy', 'number')]),
  capability('holdableButton', [attr('button', ['pushed', 'held']), attr('numberOfButtons', 'number')]),
  capability('indicator', [attr('indicatorStatus', ['when off', 'when on', 'never'])], {
    indicatorWhenOn: set('indicatorStatus', 'when on'), indicatorWhenOff: set('indicatorStatus', 'when off'), indicatorNever: set('indicatorStatus', 'never'),
  }),
  capability('infraredLevel', [attr('infraredLevel', 'number')], { setInfraredLevel: fromArg('infraredLevel') }),
  capability('lockOnly', [attr('lock', ['locked', 'unlocked'])], { lock: set('lock', 'locked') }),
  capability('lockCodes', [
    attr('lock', ['locked', 'unlocked']), attr('lockCodes', 'string'), attr('codeChanged', 'string'), attr('codeReport', 'number'),
    attr('codeLength', 'number'), attr('maxCodes', 'number'), attr('minCodeLength', 'number'), attr('maxCodeLength', 'number'),
  ], {
    lock: set('lock', 'locked'), unlock: set('lock', 'unlocked'),
    // Setting or deleting a code reports the slot changed (`codeChanged`), as the locks do.
    setCode: { writes: [{ attribute: 'codeChanged', arg: 0 }] }, deleteCode: { writes: [{ attribute: 'codeChanged', arg: 0 }] },
    nameSlot: noEffect, requestCode: noEffect, reloadAllCodes: noEffect, updateCodes: noEffect, unlockWithTimeout: set('lock', 'unlocked'),
    setCodeLength: fromArg('codeLength'),
  }),
  capability('mediaController', [attr('activities', 'string'), attr('currentActivity', 'string')], {
    startActivity: fromArg('currentActivity'), getAllActivities: noEffect, getCurrentActivity: noEffect,
  }),
  capability('mediaInputSource', [attr('inputSource', 'string')], { setInputSource: fromArg('inputSource') }),
  capability('mediaPlayback', [attr('playbackStatus', ['stopped', 'playing', 'paused'])], {
    play: set('playbackStatus', 'playing'), pause: set('playbackStatus', 'paused'), stop: set('playbackStatus', 'stopped'), setPlaybackStatus: fromArg('playbackStatus'),
  }),
  capability('mediaPlaybackRepeat', [attr('playbackRepeatMode', ['off', 'one', 'all'])], { setPlaybackRepeatMode: fromArg('playbackRepeatMode') }),
  capability('mediaPlaybackShuffle', [attr('playbackShuffle', ['disabled', 'enabled'])], { setPlaybackShuffle: fromArg('playbackShuffle') }),
  capability('mediaTrackControl', [], { nextTrack: noEffect, previousTrack: noEffect }),
  capability('notification', [], { deviceNotification: noEffect }),
  capability('odorSensor', [attr('odorLevel', 'number')]),
  capability('ovenMode', [attr('ovenMode', 'string')], { setOvenMode: fromArg('ovenMode') }),
  capability('ovenOperatingState', [attr('machineState', ['ready', 'running', 'paused']), attr('ovenJobState', 'string')], { stop: set('machineState', 'ready'), setMachineState: fromArg('machineState') }),
  capability('ovenSetpoint', [attr('ovenSetpoint', 'number')], { setOvenSetpoint: fromArg('ovenSetpoint') }),
  capability('powerConsumptionReport', [attr('powerConsumption', 'string')]),
  capability('powerSource', [attr('powerSource', ['mains', 'battery', 'dc', 'unknown'])]),
  capability('rapidCooling', [attr('rapidCooling', ['off', 'on'])], { setRapidCooling: fromArg('rapidCooling') }),
  capability('refrigerationSetpoint', [attr('refrigerationSetpoint', 'number')], { setRefrigerationSetpoint: fromArg('refrigerationSetpoint') }),
  capability('robotCleanerCleaningMode', [attr('robotCleanerCleaningMode', ['auto', 'part', 'repeat', 'manual', 'stop'])], { setRobotCleanerCleaningMode: fromArg('robotCleanerCleaningMode') }),
  capability('robotCleanerMovement', [attr('robotCleanerMovement', ['homing', 'idle', 'charging', 'alarm', 'powerOff', 'reserve', 'point', 'after', 'cleaning'])], { setRobotCleanerMovement: fromArg('robotCleanerMovement') }),
  capability('robotCleanerTurboMode', [attr('robotCleanerTurboMode', ['off', 'on', 'silence'])], { setRobotCleanerTurboMode: fromArg('robotCleanerTurboMode') }),
  capability('speechRecognition', [attr('phraseSpoken', 'string')]),
  capability('thermostatCoolingSetpoint', [attr('coolingSetpoint', 'number')], { setCoolingSetpoint: fromArg('coolingSetpoint') }),
  capability('thermostatHeatingSetpoint', [attr('heatingSetpoint', 'number')], { setHeatingSetpoint: fromArg('heatingSetpoint') }),
  capability('thermostatSetpoint', [attr('thermostatSetpoint', 'number')]),
  capability('thermostatOperatingState', [attr('thermostatOperatingState', OPERATING_STATES)]),
  capability('thermostatFanMode', [attr('thermostatFanMode', FAN_MODES)], {
    fanAuto: set('thermostatFanMode', 'auto'), fanCirculate: set('thermostatFanMode', 'circulate'), fanOn: set('thermostatFanMode', 'on'), setThermostatFanMode: fromArg('thermostatFanMode'),
  }),
  capability('thermostatMode', [attr('thermostatMode', THERMOSTAT_MODES)], {
    auto: set('thermostatMode', 'auto'), cool: set('thermostatMode', 'cool'), emergencyHeat: set('thermostatMode', 'emergency heat'),
    heat: set('thermostatMode', 'heat'), off: set('thermostatMode', 'off'), setThermostatMode: fromArg('thermostatMode'),
  }),
  capability('timedSession', [attr('sessionStatus', ['stopped', 'running', 'paused', 'canceled']), attr('completionTime', 'string')], {
    start: set('sessionStatus', 'running'), stop: set('sessionStatus', 'stopped'), pause: set('sessionStatus', 'paused'), cancel: set('sessionStatus', 'canceled'),
    setCompletionTime: fromArg('completionTime'),
  }),
  capability('tone', [], { beep: noEffect }),
  capability('tvChannel', [attr('tvChannel', 'string')], { setTvChannel: fromArg('tvChannel'), channelUp: noEffect, channelDown: noEffect }),
  capability('tV', [attr('channel', 'number'), attr('power', ON_OFF), attr('picture', 'string'), attr('sound', 'string'), attr('movieMode', 'string'), attr('volume', 'number')], {
    channelUp: noEffect, channelDown: noEffect, volumeUp: noEffect, volumeDown: noEffect,
  }),
  capability('videoCamera', [attr('camera', ['on', 'off', 'restarting', 'unavailable']), attr('mute', ['unmuted', 'muted']), attr('settings', 'string'), attr('statusMessage', 'string')], {
    on: set('camera', 'on'), off: set('camera', 'off'), mute: set('mute', 'muted'), unmute: set('mute', 'unmuted'), flip: noEffect,
  }),
  capability('videoCapture', [attr('clip', 'string')], { capture: noEffect }),
  capability('videoStream', [attr('stream', 'string')], { startStream: noEffect, stopStream: noEffect }),
  capability('windowShadeLevel', [attr('shadeLevel', 'number')], { setShadeLevel: fromArg('shadeLevel') }),
];
