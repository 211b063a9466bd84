/**
 *  Unlock On Arrival: unlocks the door when someone arrives home.
 *  Written for stcheck's demos and tests (Apache-2.0).
 */
definition(
    name: "Unlock On Arrival",
    namespace: "stcheck.demo",
    author: "stcheck",
    description: "Unlock the door when a presence sensor arrives.",
    category: "Convenience"
)

preferences {
    section("When one of these people arrives") {
        input "people", "capability.presenceSensor", multiple: true
    }
    section("Unlock") {
        input "lock1", "capability.lock"
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
    subscribe people, "presence.present", arrivalHandler
}

def arrivalHandler(evt) {
    log.debug "${evt.displayName} arrived"
    lock1.unlock()
}
