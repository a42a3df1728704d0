<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Model;

class Customer extends Model
{
    // expect: php.laravel-empty-guarded
    protected $guarded = [];

    protected $hidden = ['password', 'remember_token'];

    public function orders()
    {
        return $this->hasMany(Order::class);
    }

    public function scopeSearch($query, string $term)
    {
        // ok: php.laravel-builder-raw-sqli
        return $query->whereRaw('LOWER(name) LIKE ?', ['%' . strtolower($term) . '%']);
    }

    public function scopeOrderedBy($query, string $column)
    {
        // expect: php.laravel-builder-raw-sqli
        return $query->orderByRaw("$column desc");
    }
}

class Invoice extends Model
{
    // ok: php.laravel-empty-guarded
    protected $guarded = ['id', 'paid_at'];

    protected $fillable = [];
}
