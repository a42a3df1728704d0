<?php

namespace App\Http\Controllers;

use App\Models\Order;
use App\Models\Customer;
use Illuminate\Http\Request;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Http;

class OrderController extends Controller
{
    public function index(Request $request)
    {
        $sort = in_array($request->input('sort'), ['created_at', 'total'], true) ? $request->input('sort') : 'created_at';
        // ok: php.laravel-builder-raw-sqli
        $orders = Order::whereRaw('total > ?', [$request->input('min', 0)])->orderBy($sort)->paginate(20);

        // expect: php.laravel-builder-raw-sqli
        $legacy = Order::whereRaw("status = '" . $request->input('status') . "'")->get();

        return view('orders.index', compact('orders', 'legacy'));
    }

    public function report(Request $request)
    {
        $year = $request->input('year');
        // expect: php.laravel-db-raw-sqli
        $rows = DB::select("select month(created_at) m, sum(total) t from orders where year(created_at) = $year group by m");
        // ok: php.laravel-db-raw-sqli
        $byCustomer = DB::select('select customer_id, sum(total) t from orders where year(created_at) = ? group by customer_id', [$year]);
        // ok: php.laravel-db-raw-sqli
        $totals = DB::table('orders')->select(DB::raw('count(*) as n, status'))->groupBy('status')->get();

        return response()->json(compact('rows', 'byCustomer', 'totals'));
    }

    public function store(Request $request)
    {
        // expect: php.laravel-mass-assignment-request-all
        $order = Order::create($request->all());

        $validated = $request->validate([
            'customer_id' => 'required|integer',
            'notes' => 'nullable|string|max:500',
        ]);
        // ok: php.laravel-mass-assignment-request-all
        $order->update($validated);

        return redirect()->route('orders.show', $order);
    }

    public function updateCustomer(Request $request, Customer $customer)
    {
        // ok: php.laravel-mass-assignment-request-all
        $customer->fill($request->only(['name', 'email', 'phone']))->save();

        // expect: php.laravel-open-redirect
        return redirect($request->input('return_url'));
    }

    public function done(Request $request)
    {
        // ok: php.laravel-open-redirect
        return redirect()->route('orders.index', ['page' => $request->input('page')]);
    }

    public function notifyWarehouse(Request $request, Order $order)
    {
        // expect: php.ssrf-user-url
        $response = Http::post($request->input('callback_url'), ['order' => $order->id]);
        // ok: php.ssrf-user-url
        $status = Http::get(config('services.warehouse.url') . '/status', ['order' => $request->input('order')]);

        // ok: php.http-client-verify-disabled
        $client = new \GuzzleHttp\Client(['base_uri' => config('services.erp.url'), 'verify' => storage_path('certs/erp-ca.pem')]);
        // expect: php.http-client-verify-disabled
        $insecure = new \GuzzleHttp\Client(['base_uri' => config('services.legacy.url'), 'verify' => false]);

        return [$response->status(), $status->json(), $client, $insecure];
    }
}
