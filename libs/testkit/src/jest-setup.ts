// Integration and browser tests start real processes; give them room.
jest.setTimeout(90_000);
