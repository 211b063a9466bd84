/**
 *  Motion Light: turns a light on while motion is detected and off when it stops.
 *  Written for stcheck's demos and tests (Apache-2.0).
 */
definition(
    name: "Motion Light",
    namespace: "stcheck.demo",
    author: "stcheck",
    description: "Turn a light on when there is motion and off when motion stops.",
    category: "Convenience"
)

preferences {
    section("When there is motion here...") {
        input "motion1", "capability.motionSensor", title: "Motion sensor", required: true
    }
    section("Turn on this light...") {
        input "light1", "capability.switch", title: "Light", required: true
    }
}

def installed() {
    initialize()
}

def updated() {
    unsubscribe()
    initialize()
}

def initialize() {
    subscribe(motion1, "motion", motionHandler)
}

def motionHandler(evt) {
    log.debug "motion: $evt.value"
    if (evt.value == "active") {
        light1.on()
    } else {
        light1.off()
    }
}
