// Command tiles-go checks a decision-trail service through its C2SP
// tlog-tiles API alone, with Go's own transparency-log code
// (golang.org/x/mod/sumdb/tlog and sumdb/note): the signatures of the
// service's checkpoint and of an older one, the root of each from the
// tiles, every record's inclusion from the leaf hashes of the entry
// bundles, and the consistency of the two trees.
//
// Usage: tiles-go BASE_URL OLD_CHECKPOINT_FILE
package main

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// height is the C2SP tlog-tiles tile height: 256 hashes a tile.
const height = 8

var base string

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "tiles-go: "+format+"\n", args...)
	os.Exit(1)
}

func get(path string) []byte {
	resp, err := http.Get(base + path)
	if err != nil {
		fail("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		fail("GET %s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		fail("GET %s: %s: %s", path, resp.Status, body)
	}
	return body
}

// c2spPath maps tlog's tile path (tile/H/L/N, tile/H/data/N) to the C2SP
// tlog-tiles one (tile/L/N, tile/entries/N): the height is not in it.
func c2spPath(t tlog.Tile) string {
	p := strings.TrimPrefix(t.Path(), fmt.Sprintf("tile/%d/", height))
	if strings.HasPrefix(p, "data/") {
		p = "entries/" + strings.TrimPrefix(p, "data/")
	}
	return "/tile/" + p
}

// tiles reads tlog's tiles over HTTP.
type tiles struct{ fetched int }

func (*tiles) Height() int { return height }

func (r *tiles) ReadTiles(ts []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(ts))
	for i, t := range ts {
		out[i] = get(c2spPath(t))
		r.fetched++
	}
	return out, nil
}

func (*tiles) SaveTiles([]tlog.Tile, [][]byte) {}

// open verifies a checkpoint note with the log's key and reads its tree
// (C2SP tlog-checkpoint: origin, size, base64 root).
func open(text []byte, verifier note.Verifier) tlog.Tree {
	n, err := note.Open(text, note.VerifierList(verifier))
	if err != nil {
		fail("checkpoint signature: %v", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 {
		fail("not a checkpoint: %q", n.Text)
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		fail("checkpoint size %q: %v", lines[1], err)
	}
	root, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(root) != tlog.HashSize {
		fail("checkpoint root %q", lines[2])
	}
	var tree tlog.Tree
	tree.N = size
	copy(tree.Hash[:], root)
	return tree
}

// leaves reads the leaf data of the first n leaves from entry bundles
// (big-endian uint16 length-prefixed entries).
func leaves(n int64) [][]byte {
	var out [][]byte
	for start := int64(0); start < n; start += 1 << height {
		w := n - start
		if w > 1<<height {
			w = 1 << height
		}
		bundle := get(c2spPath(tlog.Tile{H: height, L: -1, N: start >> height, W: int(w)}))
		var got int64
		for len(bundle) > 0 {
			if len(bundle) < 2 {
				fail("bundle at %d: truncated", start)
			}
			size := int(binary.BigEndian.Uint16(bundle))
			if len(bundle) < 2+size {
				fail("bundle at %d: truncated entry", start)
			}
			out = append(out, bundle[2:2+size])
			bundle = bundle[2+size:]
			got++
		}
		if got != w {
			fail("bundle at %d: %d entries, want %d", start, got, w)
		}
	}
	return out
}

func main() {
	if len(os.Args) != 3 {
		fail("usage: tiles-go BASE_URL OLD_CHECKPOINT_FILE")
	}
	base = strings.TrimSuffix(os.Args[1], "/")
	old, err := os.ReadFile(os.Args[2])
	if err != nil {
		fail("%v", err)
	}
	verifier, err := note.NewVerifier(strings.TrimSpace(string(get("/log/key"))))
	if err != nil {
		fail("the log's key is not a note verifier key: %v", err)
	}
	first := open(old, verifier)
	tree := open(get("/checkpoint"), verifier)
	fmt.Printf("ok: both checkpoints verify with the log's key (%s): sizes %d and %d\n",
		verifier.Name(), first.N, tree.N)

	reader := &tiles{}
	hashes := tlog.TileHashReader(tree, reader)
	root, err := tlog.TreeHash(tree.N, hashes)
	if err != nil || root != tree.Hash {
		fail("the tiles do not hash to the checkpoint's root: %v", err)
	}
	firstRoot, err := tlog.TreeHash(first.N, hashes)
	if err != nil || firstRoot != first.Hash {
		fail("the tiles do not hash to the older checkpoint's root: %v", err)
	}

	data := leaves(tree.N)
	for i, leaf := range data {
		proof, err := tlog.ProveRecord(tree.N, int64(i), hashes)
		if err != nil {
			fail("record %d: proof from tiles: %v", i, err)
		}
		if err := tlog.CheckRecord(proof, tree.N, tree.Hash, int64(i), tlog.RecordHash(leaf)); err != nil {
			fail("record %d: %v", i, err)
		}
	}
	fmt.Printf("ok: %d records from entry bundles, each proven in the tree from tiles\n", len(data))

	consistency, err := tlog.ProveTree(tree.N, first.N, hashes)
	if err != nil {
		fail("consistency proof from tiles: %v", err)
	}
	if err := tlog.CheckTree(consistency, tree.N, tree.Hash, first.N, first.Hash); err != nil {
		fail("the tree of %d does not extend the tree of %d: %v", tree.N, first.N, err)
	}
	fmt.Printf("ok: the tree of %d extends the tree of %d (%d tiles read)\n", tree.N, first.N, reader.fetched)
}
