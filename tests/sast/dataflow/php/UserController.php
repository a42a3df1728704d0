<?php

namespace App\Http\Controllers;

use App\Lib\QueryBuilder;
use App\Lib\UrlHelper;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Http;
use Illuminate\Support\Facades\Redirect;

class UserController extends Controller
{
    private const LOCALES = ['en', 'de', 'fr'];
    private const GROUP_COLUMNS = ['country', 'plan', 'signup_source'];
    private const REDIRECT_PATHS = ['/dashboard', '/profile', '/billing'];
    private const WEBHOOK_HOSTS = ['hooks.slack.com', 'hooks.example.com'];

    public function show(Request $request, $id)
    {
        // expect: CWE-89
        $rows = DB::select('select id, name, email from users where id = ' . $id);
        return view('users.show', ['user' => $rows[0] ?? null]);
    }

    public function showBound(Request $request, $id)
    {
        // ok: CWE-89
        $rows = DB::select('select id, name, email from users where id = ?', [$id]);
        return view('users.show', ['user' => $rows[0] ?? null]);
    }

    public function search(Request $request)
    {
        $name = $request->input('name');
        // expect: CWE-89
        $users = DB::table('users')->whereRaw("name like '%" . $name . "%'")->get();
        return response()->json($users);
    }

    public function searchBound(Request $request)
    {
        $name = $request->input('name');
        // ok: CWE-89
        $users = DB::table('users')->whereRaw('name like ?', ['%' . $name . '%'])->get();
        return response()->json($users);
    }

    public function purgeSessions(Request $request)
    {
        $days = $request->query('days');
        // expect: CWE-89
        DB::statement('DELETE FROM sessions WHERE last_activity < UNIX_TIMESTAMP(NOW() - INTERVAL ' . $days . ' DAY)');
        return response()->noContent();
    }

    public function purgeSessionsNumeric(Request $request)
    {
        $days = intval($request->query('days'));
        // ok: CWE-89
        DB::statement('DELETE FROM sessions WHERE last_activity < UNIX_TIMESTAMP(NOW() - INTERVAL ' . $days . ' DAY)');
        return response()->noContent();
    }

    public function groupStats(Request $request)
    {
        $column = $request->get('group') ?: 'country';
        // expect: CWE-89
        $stats = DB::table('users')->select(DB::raw($column . ', count(*) as total'))->groupBy($column)->get();
        return response()->json($stats);
    }

    public function groupStatsAllowed(Request $request)
    {
        $column = in_array($request->get('group'), self::GROUP_COLUMNS, true) ? $request->get('group') : 'country';
        // ok: CWE-89
        $stats = DB::table('users')->select(DB::raw($column . ', count(*) as total'))->groupBy($column)->get();
        return response()->json($stats);
    }

    public function ordersForCustomer(Request $request)
    {
        $sql = (new QueryBuilder('orders'))->where('customer_ref', $request->input('customer'))->toSql();
        // expect: CWE-89
        return response()->json(DB::select($sql));
    }

    public function ordersForCustomerNumeric(Request $request)
    {
        $sql = (new QueryBuilder('orders'))->whereInt('customer_ref', $request->input('customer'))->toSql();
        // ok: CWE-89
        return response()->json(DB::select($sql));
    }

    public function checkoutBranch(Request $request, string $branch)
    {
        // expect: CWE-78
        exec('git -C /srv/site checkout ' . $branch, $output, $code);
        return response()->json(['code' => $code]);
    }

    public function checkoutBranchQuoted(Request $request, string $branch)
    {
        // ok: CWE-78
        exec('git -C /srv/site checkout ' . escapeshellarg($branch), $output, $code);
        return response()->json(['code' => $code]);
    }

    public function exportFile(Request $request)
    {
        $file = $request->input('file');
        // expect: CWE-22
        $contents = file_get_contents(storage_path('exports/' . $file));
        return response($contents)->header('Content-Type', 'text/csv');
    }

    public function exportFileBasename(Request $request)
    {
        $file = basename($request->input('file'));
        // ok: CWE-22
        $contents = file_get_contents(storage_path('exports/' . $file));
        return response($contents)->header('Content-Type', 'text/csv');
    }

    public function report(Request $request)
    {
        $name = $request->query('report') ?? 'summary.pdf';
        // expect: CWE-22
        return response()->file(storage_path('app/reports/' . $name));
    }

    public function reportDefault(Request $request)
    {
        $name = $request->query('report') ?? 'summary.pdf';
        $name = 'summary.pdf';
        // ok: CWE-22
        return response()->file(storage_path('app/reports/' . $name));
    }

    public function hello(Request $request)
    {
        // expect: CWE-79
        return response('<h1>Hello ' . $request->input('name') . '</h1>');
    }

    public function helloEscaped(Request $request)
    {
        // ok: CWE-79
        return response('<h1>Hello ' . htmlspecialchars($request->input('name'), ENT_QUOTES, 'UTF-8') . '</h1>');
    }

    public function noResults()
    {
        $q = request('q');
        // expect: CWE-79
        return response('<p>No results for ' . $q . '</p>', 404);
    }

    public function noResultsEscaped()
    {
        $q = htmlentities(request('q'), ENT_QUOTES, 'UTF-8');
        // ok: CWE-79
        return response('<p>No results for ' . $q . '</p>', 404);
    }

    public function clientInfo(Request $request)
    {
        $parts = [];
        $parts['agent'] = $request->header('User-Agent');
        $parts['server'] = 'web-01';
        // expect: CWE-79
        return response('<footer>Served to ' . $parts['agent'] . '</footer>');
    }

    public function serverInfo(Request $request)
    {
        $parts = [];
        $parts['agent'] = $request->header('User-Agent');
        $parts['server'] = 'web-01';
        // ok: CWE-79
        return response('<footer>Served to ' . $parts['server'] . '</footer>');
    }

    public function afterLogin(Request $request)
    {
        // expect: CWE-601
        return redirect($request->input('return_to'));
    }

    public function afterLoginDashboard(Request $request)
    {
        // ok: CWE-601
        return redirect('/dashboard');
    }

    public function out(Request $request)
    {
        $url = $request->query('url');
        // expect: CWE-601
        return Redirect::to($url);
    }

    public function outAllowed(Request $request)
    {
        $url = $request->query('url');
        if (!in_array($url, self::REDIRECT_PATHS, true)) {
            $url = '/dashboard';
        }
        // ok: CWE-601
        return Redirect::to($url);
    }

    public function backToOrigin(Request $request)
    {
        $url = UrlHelper::returnUrl($request->all());
        // expect: CWE-601
        return redirect()->away($url);
    }

    public function backToOriginLocal(Request $request)
    {
        $url = UrlHelper::localReturnUrl($request->all());
        // ok: CWE-601
        return redirect()->away($url);
    }

    public function testWebhook(Request $request)
    {
        $url = $request->input('webhook');
        // expect: CWE-918
        $response = Http::timeout(5)->get($url);
        return response()->json(['status' => $response->status()]);
    }

    public function testWebhookAllowed(Request $request)
    {
        $url = $request->input('webhook');
        if (filter_var($url, FILTER_VALIDATE_URL) === false || !in_array(parse_url($url, PHP_URL_HOST), self::WEBHOOK_HOSTS, true)) {
            abort(422);
        }
        // ok: CWE-918
        $response = Http::timeout(5)->get($url);
        return response()->json(['status' => $response->status()]);
    }

    public function upstreamStatus(Request $request)
    {
        $host = $request->header('X-Upstream');
        // expect: CWE-918
        $response = Http::get('http://' . $host . '/status');
        return response()->json($response->json());
    }

    public function upstreamStatusFixed(Request $request)
    {
        $host = $request->header('X-Upstream');
        $host = 'status.internal.example.com';
        // ok: CWE-918
        $response = Http::get('http://' . $host . '/status');
        return response()->json($response->json());
    }

    public function setLocale(Request $request)
    {
        $locale = $request->input('locale');
        // expect: CWE-501
        session()->put('locale', $locale);
        return back();
    }

    public function setLocaleAllowed(Request $request)
    {
        $locale = in_array($request->input('locale'), self::LOCALES, true) ? $request->input('locale') : 'en';
        // ok: CWE-501
        session()->put('locale', $locale);
        return back();
    }

    public function claimCart(Request $request)
    {
        // expect: CWE-501
        $request->session()->put('cart_owner', $request->cookie('owner'));
        return response()->noContent();
    }

    public function claimCartAnonymous(Request $request)
    {
        // ok: CWE-501
        $request->session()->put('cart_owner', 'anonymous');
        return response()->noContent();
    }

    public function pickTheme(Request $request)
    {
        $theme = 'light';
        if ($request->has('theme')) {
            $theme = $request->query('theme');
        }
        // expect: CWE-501
        session(['theme' => $theme]);
        return back();
    }

    public function pickThemeDeadBranch(Request $request)
    {
        $theme = 'light';
        if (false) {
            $theme = $request->query('theme');
        }
        // ok: CWE-501
        session(['theme' => $theme]);
        return back();
    }

    public function restoreState(Request $request)
    {
        // expect: CWE-502
        $state = unserialize(base64_decode($request->input('state')));
        return response()->json($state);
    }

    public function restoreStateJson(Request $request)
    {
        // ok: CWE-502
        $state = json_decode(base64_decode($request->input('state')), true);
        return response()->json($state);
    }

    public function rememberedFilters(Request $request)
    {
        $raw = $request->cookie('filters') ?? '';
        // expect: CWE-502
        $filters = unserialize($raw);
        return response()->json($filters);
    }

    public function rememberedFiltersJson(Request $request)
    {
        $raw = $request->cookie('filters') ?? '';
        // ok: CWE-502
        $filters = json_decode($raw, true);
        return response()->json($filters);
    }

    public function importXml(Request $request)
    {
        $xml = $request->getContent();
        // expect: CWE-611
        $doc = simplexml_load_string($xml, 'SimpleXMLElement', LIBXML_NOENT | LIBXML_DTDLOAD);
        return response()->json(['name' => (string) $doc->name]);
    }

    public function importXmlDefaultOptions(Request $request)
    {
        $xml = $request->getContent();
        // ok: CWE-611
        $doc = simplexml_load_string($xml, 'SimpleXMLElement');
        return response()->json(['name' => (string) $doc->name]);
    }

    public function evaluateFormula(Request $request)
    {
        $formula = $request->input('formula');
        // expect: CWE-95
        $value = eval('return ' . $formula . ';');
        return response()->json(['value' => $value]);
    }

    public function evaluateFormulaNumeric(Request $request)
    {
        $formula = intval($request->input('formula'));
        // ok: CWE-95
        $value = eval('return ' . $formula . ';');
        return response()->json(['value' => $value]);
    }

    public function directoryLookup(Request $request)
    {
        $conn = ldap_connect(config('ldap.host'));
        $user = $request->input('user');
        // expect: CWE-90
        $result = ldap_search($conn, config('ldap.base_dn'), "(sAMAccountName=$user)");
        return response()->json(ldap_get_entries($conn, $result));
    }

    public function directoryLookupEscaped(Request $request)
    {
        $conn = ldap_connect(config('ldap.host'));
        $user = ldap_escape($request->input('user'), '', LDAP_ESCAPE_FILTER);
        // ok: CWE-90
        $result = ldap_search($conn, config('ldap.base_dn'), "(sAMAccountName=$user)");
        return response()->json(ldap_get_entries($conn, $result));
    }

    public function menuItem(Request $request, string $slug)
    {
        $doc = new \DOMDocument();
        $doc->load(resource_path('menu.xml'));
        $xp = new \DOMXPath($doc);
        // expect: CWE-643
        $nodes = $xp->query("//item[@slug='" . $slug . "']/label");
        return response()->json(['label' => $nodes->length ? $nodes->item(0)->textContent : null]);
    }

    public function menuItemAllowed(Request $request, string $slug)
    {
        $doc = new \DOMDocument();
        $doc->load(resource_path('menu.xml'));
        $xp = new \DOMXPath($doc);
        $slug = in_array($slug, ['home', 'shop', 'contact'], true) ? $slug : 'home';
        // ok: CWE-643
        $nodes = $xp->query("//item[@slug='" . $slug . "']/label");
        return response()->json(['label' => $nodes->length ? $nodes->item(0)->textContent : null]);
    }
}
