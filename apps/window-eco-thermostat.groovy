/**
 *  Window Eco Thermostat: lowers the heat while a window is open.
 *  Written for stcheck's demos and tests (Apache-2.0).
 */
definition(
    name: "Window Eco Thermostat",
    namespace: "stcheck.demo",
    author: "stcheck",
    description: "Drop the heating setpoint when a window opens.",
    category: "Green Living"
)

preferences {
    section("Window") {
        input "windows", "capability.contactSensor", multiple: true
    }
    section("Thermostat") {
        input "thermostat", "capability.thermostat"
    }
}

def installed() {
    subscribe(windows, "contact.open", windowOpen)
}

def updated() {
    unsubscribe()
    installed()
}

def windowOpen(evt) {
    def setpoint = 55
    log.info "Window ${evt.displayName} opened: heating to $setpoint"
    thermostat.setHeatingSetpoint(setpoint)
}
