package main

import (
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
)

func addProxyCommands(a *cli, root *cobra.Command) {
	var listen string
	var allowRemote bool
	cmd := &cobra.Command{
		Use:   "proxy [--listen " + app.DefaultProxyListen + "] [--allow-remote]",
		Short: "Forward any HTTP client's requests to the profile's end-user API, signed with its key",
		Long: "Listens on loopback and forwards every request to the active profile's end-user API,\n" +
			"with the auth headers its route needs (none, basic or full, from purse's route table;\n" +
			"a route the table does not know gets proxy_unknown_auth, full by default). Full auth is\n" +
			"signed over the exact body (or raw query), and the answer comes back unchanged. Auth\n" +
			"headers the client sends are replaced by purse's.\n\n" +
			"The key is opened once at start (its passphrase asked then) and kept until the proxy\n" +
			"stops (Ctrl-C). Errors of the proxy itself (no key, service unreachable, signing\n" +
			"refused, body over 1 MiB) come in the service's envelope, retMsg starting with\n" +
			"\"purse proxy (not the service)\" and the header " + app.ProxyErrorHeader + ".\n" +
			"GET " + app.ProxyRequestsPath + " lists the calls made, each with its curl command.\n\n" +
			"One line per call on stdout (JSON lines with --json).",
		Example: "  purse proxy --listen " + app.DefaultProxyListen + "\n" +
			"  curl -d '{\"pageSize\":5}' http://" + app.DefaultProxyListen + "/api/v2/transactions",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := app.CheckProxyListen(listen, allowRemote); err != nil {
				return err
			}
			core, err := a.app()
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			px, err := core.NewProxy(app.ProxyOptions{OnCall: a.printProxyCall})
			if err != nil {
				return err
			}
			ln, err := net.Listen("tcp", listen)
			if err != nil {
				px.Close()
				return fmt.Errorf("--listen %s: %w", listen, err)
			}
			a.printProxyStart(ln.Addr().String(), px.Info())
			return px.Serve(ctx, ln)
		},
	}
	f := cmd.Flags()
	f.StringVar(&listen, "listen", app.DefaultProxyListen, "host:port to listen on (loopback unless --allow-remote)")
	f.BoolVar(&allowRemote, "allow-remote", false, "allow a listen address other machines can reach: they get requests signed with your key")
	root.AddCommand(cmd)
}

func (a *cli) printProxyStart(addr string, info app.ProxyInfo) {
	if a.jsonOut {
		_ = writeJSON(a.stdout, struct {
			Event  string `json:"event"`
			Listen string `json:"listen"`
			URL    string `json:"url"`
			app.ProxyInfo
		}{"listening", addr, "http://" + addr, info}, "")
		return
	}
	signer := "no EVM key: full-auth routes are refused"
	if info.Signer != "" {
		signer = "signing as " + info.Signer
	}
	textOut(a.stdout).Printf("purse proxy: listening on http://%s, profile %s, user API %s (%s; unknown routes: %s auth)\n",
		addr, info.Profile, info.UserAPI, signer, info.UnknownAuth)
}

// printProxyCall writes one call's line; the proxy calls it one call at a time.
func (a *cli) printProxyCall(c app.ProxyCall) {
	if a.jsonOut {
		_ = writeJSON(a.stdout, struct {
			Event string `json:"event"`
			app.ProxyCall
		}{"call", c}, "")
		return
	}
	route, auth := c.Route, c.Auth
	if route == "" {
		route, auth = "-", "-"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s %s %s %d %s", c.Time.Format("15:04:05.000"), c.Method, c.Path, route, auth, c.Status,
		time.Duration(c.DurationMs*float64(time.Millisecond)).Round(10*time.Microsecond))
	if c.ReqID != "" {
		b.WriteString(" reqId=" + c.ReqID)
	}
	if c.Problem != "" {
		b.WriteString(" problem: " + c.Problem)
	}
	if c.Error != "" {
		b.WriteString(" " + c.Error)
	}
	// One line: the client's path and the service's messages in it are escaped.
	textOut(a.stdout).Println(b.String())
}
