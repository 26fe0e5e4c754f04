import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * Starts DynamoDB Local listening on one address only. Its own command line
 * has no bind-address option: its Jetty server listens on every interface.
 * This builds the server with the jar's own factory (the one its main uses),
 * sets the host of each Jetty connector, and refuses to start if any connector would
 * listen elsewhere.
 *
 * Run with Java's single-file source launcher (JEP 330), so no compile step:
 *   java -cp "DynamoDBLocal.jar:DynamoDBLocal_lib/*" LoopbackDynamoDB.java 127.0.0.1 -port 8000 -inMemory
 * Everything is reached by reflection, so compiling needs nothing but java.base.
 */
public class LoopbackDynamoDB {
  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: LoopbackDynamoDB <host> [DynamoDB Local options]");
      System.exit(2);
    }
    String host = args[0];
    String[] options = Arrays.copyOfRange(args, 1, args.length);

    Class<?> runner = Class.forName("com.amazonaws.services.dynamodbv2.local.main.ServerRunner");
    Object proxy = runner.getMethod("createServerFromCommandLineArgs", String[].class).invoke(null, (Object) options);

    Field serverField = proxy.getClass().getDeclaredField("server");
    serverField.setAccessible(true);
    Object jetty = serverField.get(proxy);
    Object[] connectors = (Object[]) jetty.getClass().getMethod("getConnectors").invoke(jetty);
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind");
    for (Object connector : connectors) {
      connector.getClass().getMethod("setHost", String.class).invoke(connector, host);
      Method getHost = connector.getClass().getMethod("getHost");
      if (!host.equals(getHost.invoke(connector))) {
        System.err.println("DynamoDB Local would listen beyond " + host + ": not starting");
        System.exit(3);
      }
    }

    proxy.getClass().getMethod("start").invoke(proxy);

    // Never outlive the Node process that started this one, even when it was killed without stopping us.
    ProcessHandle.current().parent().ifPresent((parent) -> parent.onExit().thenRun(() -> System.exit(0)));
  }
}
