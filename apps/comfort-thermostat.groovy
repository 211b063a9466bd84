/**
 *  Comfort Thermostat: heats to a comfortable setpoint while someone is home.
 *  Written for stcheck's demos and tests (Apache-2.0).
 */
definition(
    name: "Comfort Thermostat",
    namespace: "stcheck.demo",
    author: "stcheck",
    description: "Set the heating setpoint by location mode.",
    category: "Green Living"
)

preferences {
    section("Thermostat") {
        input "thermostat", "capability.thermostat"
    }
    section("Setpoints") {
        input "homeHeat", "number", title: "Heat to when home", required: false
        input "awayHeat", "number", title: "Heat to when away", required: false
    }
}

def installed() {
    subscribe(location, "mode", modeHandler)
}

def updated() {
    unsubscribe()
    installed()
}

def modeHandler(evt) {
    def target = evt.value == "away" ? (awayHeat ?: 62) : (homeHeat ?: 72)
    if (thermostat.currentHeatingSetpoint != target) {
        thermostat.setHeatingSetpoint(target)
    }
}
