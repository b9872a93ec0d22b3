package sandboxctl

// Do exposes the raw control call to the external tests (an unknown route's error).
var Do = (*Control).do
