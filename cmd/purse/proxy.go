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
	"purse/app/proxy"
)

func addProxyCommands(a *cli, root *cobra.Command) {
	var listen string
	var allowRemote bool
	var allowOrigins []string
	var bodyTimeout time.Duration
	cmd := &cobra.Command{
		Use:   "proxy [--listen " + proxy.DefaultListen + " | --listen unix:PATH] [--allow-origin ORIGIN]... [--allow-remote]",
		Short: "Forward any HTTP client's requests to the profile's end-user API, signed with its key",
		Long: "Listens on loopback and forwards every request to the active profile's end-user API,\n" +
			"with the auth headers its route needs (none, basic or full, from purse's route table;\n" +
			"a route the table does not know gets proxy_unknown_auth, full by default). Full auth is\n" +
			"signed over the exact raw query of a GET, or the exact body of any other method, and the\n" +
			"answer comes back unchanged. Auth headers the client sends are replaced by purse's.\n\n" +
			"Who can reach it: any local user can connect to a TCP port, loopback included, and have\n" +
			"requests signed with your key. --listen unix:PATH listens on a unix socket instead (mode\n" +
			"0600 in a directory of mode 0700, which must exist), and serves your own processes only:\n" +
			"  curl --unix-socket PATH http://localhost/api/v2/transactions -d '{\"pageSize\":5}'\n\n" +
			"What it refuses (nothing is signed or forwarded): a Host other than localhost, a loopback\n" +
			"IP or the IP it was reached at (a web page's own name pointed at this machine); a request\n" +
			"a web page made (an Origin header, or a Sec-Fetch-Site other than none), unless its\n" +
			"origin is named with --allow-origin, which also answers CORS preflights for it; a body\n" +
			"a browser's form could post to any site (form, multipart or text/plain) when it is not\n" +
			"JSON or a browser marked the request (curl -d with JSON still works); a body on a GET or\n" +
			"a query on another method of a full-auth route (the signature would not cover it); a\n" +
			"body over 1 MiB, or one that takes longer than --body-timeout to arrive.\n\n" +
			"The key: when purse agent runs, the proxy signs through it under its policy and holds no\n" +
			"key. Otherwise the key is opened once at start (its passphrase asked then) and kept until\n" +
			"the proxy stops (Ctrl-C), in a process made not dumpable, its pages locked out of swap\n" +
			"where the OS allows; the start line says which. Errors of the proxy itself come in the\n" +
			"service's envelope, retMsg starting with \"purse proxy (not the service)\" and the header\n" +
			proxy.ErrorHeader + ".\n\n" +
			"GET " + proxy.RequestsPath + " lists the calls made, each with its curl command. On TCP the\n" +
			"signed headers (hash, deadline, sign) are redacted there, since nothing proves the caller\n" +
			"is you; on a unix socket they are shown, and --trace or --curl print them on stderr.\n\n" +
			"One line per call on stdout (JSON lines with --json).",
		Example: "  purse proxy --listen " + proxy.DefaultListen + "\n" +
			"  curl -d '{\"pageSize\":5}' http://" + proxy.DefaultListen + "/api/v2/transactions\n" +
			"  purse proxy --listen unix:$PURSE_HOME/proxy.sock\n" +
			"  purse proxy --allow-origin http://localhost:3000   # a browser app of your own",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := proxy.CheckListen(listen, allowRemote); err != nil {
				return err
			}
			if bodyTimeout <= 0 {
				return &app.FieldError{Field: "body-timeout", Err: fmt.Errorf("expected a duration above 0 such as 10s, got %s", bodyTimeout)}
			}
			core, err := a.app()
			if err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			ln, err := proxy.Listen(listen, allowRemote)
			if err != nil {
				return err
			}
			px, err := proxy.New(core, proxy.Options{OnCall: a.printProxyCall, AllowOrigins: allowOrigins, BodyTimeout: bodyTimeout})
			if err != nil {
				ln.Close()
				return err
			}
			a.printProxyStart(ln.Addr(), px.Info())
			return px.Serve(ctx, ln)
		},
	}
	f := cmd.Flags()
	f.StringVar(&listen, "listen", proxy.DefaultListen, "host:port to listen on (loopback unless --allow-remote), or unix:PATH for a socket only your processes reach")
	f.BoolVar(&allowRemote, "allow-remote", false, "allow a listen address other machines can reach: they get requests signed with your key")
	f.DurationVar(&bodyTimeout, "body-timeout", proxy.DefaultBodyTimeout, "how long a client may take to send a request body")
	f.StringArrayVar(&allowOrigins, "allow-origin", nil, "a web origin (http://localhost:3000) whose pages may call the proxy from a browser; repeatable")
	root.AddCommand(cmd)
}

func (a *cli) printProxyStart(addr net.Addr, info proxy.Info) {
	listen, url, socket := addr.String(), "http://"+addr.String(), ""
	if addr.Network() == "unix" {
		listen, url, socket = proxy.UnixPrefix+addr.String(), "http://localhost", addr.String()
	}
	if a.jsonOut {
		_ = writeJSON(a.stdout, struct {
			Event  string `json:"event"`
			Listen string `json:"listen"`
			URL    string `json:"url"`
			Socket string `json:"socket,omitempty"`
			proxy.Info
		}{"listening", listen, url, socket, info}, "")
	} else {
		signer := "no EVM key: full-auth routes are refused"
		switch info.SignsIn {
		case proxy.SignsInAgent:
			signer = "signing as " + info.Signer + " through the agent at " + info.Agent + ", no key in this process"
		case proxy.SignsInProcess:
			signer = "signing as " + info.Signer + " with the key in this process: " + strings.Join(info.Hardening, "; ")
		}
		where := "http://" + addr.String()
		if socket != "" {
			where = "unix socket " + socket + " (curl --unix-socket " + socket + " http://localhost/...)"
		}
		textOut(a.stdout).Printf("purse proxy: listening on %s, profile %s, user API %s (%s; unknown routes: %s auth)\n",
			where, info.Profile, info.UserAPI, signer, info.UnknownAuth)
		if len(info.AllowOrigins) > 0 {
			textOut(a.stdout).Printf("purse proxy: web pages of %s may call it from a browser\n", strings.Join(info.AllowOrigins, ", "))
		}
	}
	if socket == "" {
		a.note("proxy: any local user can connect to %s and have requests signed with your key; --listen unix:PATH serves your processes only", addr.String())
	}
}

// printProxyCall writes one call's line; the proxy calls it one call at a time.
func (a *cli) printProxyCall(c proxy.Call) {
	if a.jsonOut {
		_ = writeJSON(a.stdout, struct {
			Event string `json:"event"`
			proxy.Call
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
