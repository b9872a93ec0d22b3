package atomicfile

// renameOpen: Windows refuses to rename a file that is open without FILE_SHARE_DELETE, which
// Go's os package never asks for; the temporary file is closed (and its lock let go) first.
// The few instants between the close and the rename are covered by StaleAfter.
const renameOpen = false
