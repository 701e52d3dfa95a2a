package oracle.sidecar;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The request loop of the Java sidecars (adapters/sidecar/protocol.go): one
 * JSON request per line on stdin, one response line per request on out.
 * One thread with a deep stack serves every request (deeply nested queries
 * recurse deeply); every other thread keeps the JVM's small default, which
 * the process's memory limit (RLIMIT_DATA counts each thread's stack)
 * would not hold at 64 MiB apiece.
 */
public final class Serve {
    private Serve() {}

    /** The stack of the thread that evaluates. */
    private static final long STACK = 64L << 20;

    /** Answerer turns one request line into one response line (no newline). */
    public interface Answerer {
        String answer(String line);
    }

    /** Start makes the engine on the serving thread and returns its answerer. */
    public interface Start {
        Answerer start() throws Exception;
    }

    /** lines serves stdin until it ends; a failure of the loop ends the process. */
    public static void lines(PrintStream out, Start start) throws Exception {
        Throwable[] failed = new Throwable[1];
        Thread t = new Thread(null, () -> {
            try {
                loop(out, start.start());
            } catch (Throwable e) {
                failed[0] = e;
            }
        }, "sidecar", STACK);
        t.start();
        t.join();
        if (failed[0] != null) {
            throw new RuntimeException(failed[0]);
        }
    }

    private static void loop(PrintStream out, Answerer a) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            if (line.isBlank()) {
                continue;
            }
            out.print(a.answer(line));
            out.print('\n');
            out.flush();
        }
    }
}
