package app

// What the card-spend permit (app/permit) asks of the core beyond Session (port.Permit).
