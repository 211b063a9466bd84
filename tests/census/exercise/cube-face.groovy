// Reads the face a three-axis sensor turned to, from the event's vector.
definition(name: "cube-face", namespace: "stcheck", author: "stcheck", description: "census fixture", category: "Convenience")

preferences {
    section("Cube") { input "cube", "capability.threeAxis" }
    section("Light") { input "light1", "capability.switch" }
}

def installed() { subscribe(cube, "threeAxis", positionHandler) }
def updated() { unsubscribe(); installed() }

def positionHandler(evt) {
    def xyz = evt.xyzValue
    if (Math.abs(xyz.z) > 250) light1.on() else light1.off()
}
