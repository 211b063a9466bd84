/**
 *  Relock When Unlocked: locks the door again whenever it is unlocked while the door is closed.
 *  Written for stcheck's demos and tests (Apache-2.0).
 */
definition(
    name: "Relock When Unlocked",
    namespace: "stcheck.demo",
    author: "stcheck",
    description: "Lock the door again after it is unlocked, unless it is open.",
    category: "Safety & Security"
)

preferences {
    section("Door") {
        input "lock1", "capability.lock", title: "Lock", required: true
        input "contact1", "capability.contactSensor", title: "Door contact", required: true
    }
    section("Notify") {
        input "notify", "bool", title: "Send a push notification?", required: false
    }
}

def installed() {
    subscribe(lock1, "lock.unlocked", unlockedHandler)
}

def updated() {
    unsubscribe()
    installed()
}

def unlockedHandler(evt) {
    def closed = contact1.currentContact == "closed"
    if (closed) {
        state.lastRelock = "relocked after ${evt.displayName} was unlocked"
        lock1.lock()
        if (notify) {
            sendPush "Relocked ${lock1.displayName}"
        }
    }
}
